import type { GroupView } from '@seyirlik/shared-contracts';
import { useInfiniteQuery, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useMemo } from 'react';
import { fetchGroup, fetchGroupMembers, fetchGroups } from './groupsApi';
import { mergeGroupChange } from './groupState';

/** Every group query in the cache: lists, pages and member lists, per viewer. */
const GROUPS_KEY = ['groups'] as const;
const LISTS_KEY = [...GROUPS_KEY, 'list'] as const;
const VIEWS_KEY = [...GROUPS_KEY, 'view'] as const;
const MEMBERS_KEY = [...GROUPS_KEY, 'members'] as const;

export const groupKey = (slug: string, userId: number | null) => [...VIEWS_KEY, slug, userId] as const;
const membersKey = (groupId: number, userId: number | null) => [...MEMBERS_KEY, groupId, userId] as const;

/**
 * The groups list (all, or the viewer's), filtered by `q`, a page more per `fetchNextPage`. While a
 * new search or tab loads, the list shown before stays (`isPlaceholderData`), so the cards do not
 * give way to a spinner under the pointer at every pause in typing.
 */
export function useGroupList(q: string, mine: boolean, userId: number | null) {
  return useInfiniteQuery({
    queryKey: [...LISTS_KEY, userId, mine, q],
    queryFn: ({ pageParam }) => fetchGroups(pageParam, q, mine),
    initialPageParam: 1,
    getNextPageParam: (last) => (last.hasMore ? last.page + 1 : undefined),
    placeholderData: (previous) => previous,
  });
}

/** A group's page as the viewer may see it. */
export function useGroup(slug: string, userId: number | null) {
  return useQuery({ queryKey: groupKey(slug, userId), queryFn: () => fetchGroup(slug) });
}

/** A group's members, the owner first, a page more per `fetchNextPage`. */
export function useGroupMembers(groupId: number, userId: number | null) {
  return useInfiniteQuery({
    queryKey: membersKey(groupId, userId),
    queryFn: ({ pageParam }) => fetchGroupMembers(groupId, pageParam),
    initialPageParam: 1,
    getNextPageParam: (last) => (last.hasMore ? last.page + 1 : undefined),
  });
}

/** Changes to the cached groups after the viewer's own writes, and from pushes. */
export function useGroupCache() {
  const queryClient = useQueryClient();
  const setViews = useCallback(
    (groupId: number, change: (held: GroupView) => GroupView) =>
      queryClient.setQueriesData<GroupView>({ queryKey: VIEWS_KEY }, (held) => (held && held.id === groupId ? change(held) : held)),
    [queryClient],
  );
  return useMemo(
    () => ({
      /** The group as a write of the viewer answered it; the lists (memberships, names) are read again when next shown. */
      saved: (group: GroupView) => {
        setViews(group.id, () => group);
        void queryClient.invalidateQueries({ queryKey: LISTS_KEY });
      },
      /** A pushed change: the public fields only, the viewer's place kept. */
      pushed: (group: GroupView) => setViews(group.id, (held) => mergeGroupChange(held, group)),
      /** The member list changed (a member added or removed). */
      membersChanged: (groupId: number) => queryClient.invalidateQueries({ queryKey: [...MEMBERS_KEY, groupId] }),
      /** The group is gone. */
      deleted: (groupId: number) => {
        queryClient.removeQueries({ queryKey: [...MEMBERS_KEY, groupId] });
        void queryClient.invalidateQueries({ queryKey: LISTS_KEY });
      },
    }),
    [queryClient, setViews],
  );
}
