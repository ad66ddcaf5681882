import type { DiscussionView, TitleKind } from '@seyirlik/shared-contracts';
import { useInfiniteQuery, useQuery, useQueryClient } from '@tanstack/react-query';
import { useMemo } from 'react';
import { fetchDiscussion, fetchDiscussions, fetchDiscussionSeries, type DiscussionFilter } from './discussionsApi';

const DISCUSSIONS_KEY = ['discussions'] as const;
const LISTS_KEY = [...DISCUSSIONS_KEY, 'list'] as const;
const VIEWS_KEY = [...DISCUSSIONS_KEY, 'view'] as const;

/** The topic list for a filter, a page more per `fetchNextPage`. */
export function useDiscussionList(filter: DiscussionFilter) {
  return useInfiniteQuery({
    queryKey: [...LISTS_KEY, filter.category, filter.order, filter.q],
    queryFn: ({ pageParam }) => fetchDiscussions(filter, pageParam),
    initialPageParam: 1,
    getNextPageParam: (last) => (last.hasMore ? last.page + 1 : undefined),
  });
}

/** A topic as the viewer sees it (`mine` depends on who asks). */
export function useDiscussion(id: number, userId: number | null) {
  return useQuery({ queryKey: [...VIEWS_KEY, id, userId], queryFn: () => fetchDiscussion(id) });
}

/** The title a new topic is opened about, when the form came from its page. */
export function useDiscussionSeries(address: { kind: TitleKind; slug: string } | null) {
  return useQuery({
    queryKey: [...DISCUSSIONS_KEY, 'series', address?.kind, address?.slug],
    queryFn: () => fetchDiscussionSeries(address!.kind, address!.slug),
    enabled: address !== null,
  });
}

/** The cached topics after the viewer's own writes. */
export function useDiscussionCache() {
  const queryClient = useQueryClient();
  return useMemo(
    () => ({
      /** A topic as a write answered it: lists are read again when next shown. */
      saved: (discussion: DiscussionView) => {
        queryClient.setQueriesData<DiscussionView>({ queryKey: [...VIEWS_KEY, discussion.id] }, () => discussion);
        void queryClient.invalidateQueries({ queryKey: LISTS_KEY });
      },
      deleted: (id: number) => {
        queryClient.removeQueries({ queryKey: [...VIEWS_KEY, id] });
        void queryClient.invalidateQueries({ queryKey: LISTS_KEY });
      },
    }),
    [queryClient],
  );
}
