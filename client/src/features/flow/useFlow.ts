import type { FlowPost } from '@seyirlik/shared-contracts';
import { useInfiniteQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useMemo, useRef, useState } from 'react';
import type { ChannelLiveState } from '../../lib/channelMembership';
import { useRealtimeEvent } from '../realtime/useRealtimeRoom';
import { useSharedRealtimeRoom } from '../realtime/useSharedRealtimeRoom';
import { fetchFlowPage } from './flowApi';
import { mergePost, postIdsOf, prependPosts, removePost, replacePost, type FlowPages } from './flowPages';
import { groupFlow, publicFlow, scopeChannel, scopeHolds, scopeKey, type FlowScope } from './flowScope';

/** Every list of posts in the cache: the public flow, a member's own posts and each group's posts, per viewer. */
const FLOW_KEY = ['flow'] as const;
export const flowKey = (scope: FlowScope, userId: number | null, startPage: number) => [...FLOW_KEY, ...scopeKey(scope), userId, startPage] as const;

/** The scope's posts from `startPage`, newest first, a page more per `fetchNextPage`. */
export function useFlowList(scope: FlowScope, userId: number | null, startPage: number) {
  return useInfiniteQuery({
    queryKey: flowKey(scope, userId, startPage),
    queryFn: ({ pageParam }) => fetchFlowPage(scope, pageParam),
    initialPageParam: startPage,
    getNextPageParam: (last) => (last.hasMore ? last.page + 1 : undefined),
    // Kept current by the scope's channel pushes while shown.
    staleTime: Infinity,
  });
}

/** Changes to the cached post lists after the viewer's own writes, and from pushes. */
export function useFlowCache() {
  const queryClient = useQueryClient();
  return {
    replace: useCallback((post: FlowPost) => queryClient.setQueriesData<FlowPages>({ queryKey: FLOW_KEY }, (data) => replacePost(data, post)), [queryClient]),
    remove: useCallback((id: number) => queryClient.setQueriesData<FlowPages>({ queryKey: FLOW_KEY }, (data) => removePost(data, id)), [queryClient]),
    prepend: useCallback(
      (posts: readonly FlowPost[], key: ReturnType<typeof flowKey>) => queryClient.setQueryData<FlowPages>(key, (data) => prependPosts(data, posts)),
      [queryClient],
    ),
  };
}

/** The same scope object for as long as it names the same posts, whatever object the caller passed. */
function useStableScope(scope: FlowScope): FlowScope {
  const mine = scope.kind === 'public' && scope.mine;
  const groupId = scope.kind === 'group' ? scope.groupId : null;
  return useMemo(() => (groupId === null ? publicFlow(mine) : groupFlow(groupId)), [mine, groupId]);
}

export interface LiveFlow {
  live: ChannelLiveState;
  /** Posts pushed since the list was read, not shown yet (the "N yeni gönderi" bar). */
  newPosts: FlowPost[];
  /** Puts the new posts at the top of the list. */
  showNewPosts(): void;
  /**
   * Lists the viewer's own new post (the composer's answer) at the top, with whatever its pushes
   * already brought: the push of a post, and of its photos once processed, can arrive before the
   * answer to the request that made it.
   */
  showOwnPost(post: FlowPost): void;
}

/**
 * Keeps the list current on the scope's channel (`flow`, or the group's): edits, processed photos
 * and deletions are applied at once; new posts are held for the "N yeni gönderi" bar instead of
 * moving the list under the reader. After every rejoin the first page is read again, so posts
 * pushed while the socket was away reach the bar too. The channel is shared with the rest of the
 * page (a group page listens to its group's own changes on it).
 */
export function useLiveFlow(requested: FlowScope, userId: number | null, startPage: number): LiveFlow {
  const queryClient = useQueryClient();
  const cache = useFlowCache();
  const scope = useStableScope(requested);
  const key = useMemo(() => flowKey(scope, userId, startPage), [scope, userId, startPage]);
  const [newPosts, setNewPosts] = useState<FlowPost[]>([]);
  const joinedOnce = useRef(false);
  /** The newest pushed version of each post pushed while shown. */
  const pushed = useRef(new Map<number, FlowPost>());

  const hold = useCallback(
    (posts: FlowPost[]) => {
      const listed = postIdsOf(queryClient.getQueryData<FlowPages>(key));
      const fresh = posts.filter((post) => scopeHolds(scope, post, userId) && !listed.has(post.id));
      if (fresh.length === 0) return;
      setNewPosts((held) => {
        const known = new Set(held.map((post) => post.id));
        return [...fresh.filter((post) => !known.has(post.id)), ...held].sort((a, b) => b.id - a.id);
      });
    },
    [key, scope, userId, queryClient],
  );

  const live = useSharedRealtimeRoom(scopeChannel(scope), () => {
    if (!joinedOnce.current) {
      joinedOnce.current = true;
      return;
    }
    const listed = queryClient.getQueryData<FlowPages>(key);
    const newest = listed?.pages[0]?.posts[0]?.id ?? 0;
    void fetchFlowPage(scope, 1).then(
      (page) => hold(page.posts.filter((post) => post.id > newest)),
      () => undefined,
    );
  });

  // The viewer's own post is listed by the composer's answer, which may come after this push. A
  // photo's job may push the processed post before the post's own creation push arrives, which
  // then carries an older read of it: the photos already seen stay.
  useRealtimeEvent('flow.postCreated', (post) => {
    const seen = pushed.current.get(post.id);
    const newest = seen ? mergePost(seen, post) : post;
    pushed.current.set(post.id, newest);
    if (post.author.id !== userId) hold([newest]);
  });
  useRealtimeEvent('flow.postChanged', (post) => {
    const seen = pushed.current.get(post.id);
    pushed.current.set(post.id, seen ? mergePost(seen, post) : post);
    cache.replace(post);
    setNewPosts((held) => held.map((item) => (item.id === post.id ? mergePost(item, post) : item)));
  });
  useRealtimeEvent('flow.postDeleted', ({ id }) => {
    pushed.current.delete(id);
    cache.remove(id);
    setNewPosts((held) => held.filter((post) => post.id !== id));
  });

  const showNewPosts = () => {
    cache.prepend(
      newPosts.map((post) => ({ ...post, mine: userId !== null && post.author.id === userId })),
      key,
    );
    setNewPosts([]);
  };

  const showOwnPost = (post: FlowPost) => {
    const seen = pushed.current.get(post.id);
    cache.prepend([seen ? mergePost(post, seen) : post], key);
    setNewPosts((held) => held.filter((item) => item.id !== post.id));
  };

  return { live, newPosts, showNewPosts, showOwnPost };
}
