import { rooms, type FlowPost } from '@seyirlik/shared-contracts';
import { useInfiniteQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useMemo, useRef, useState } from 'react';
import type { ChannelLiveState } from '../../lib/channelMembership';
import { useRealtimeEvent, useRealtimeRoom } from '../realtime/useRealtimeRoom';
import { fetchFlowPage } from './flowApi';
import { mergePost, postIdsOf, prependPosts, removePost, replacePost, type FlowPages } from './flowPages';

/** Every list of the flow in the cache: the public flow and a member's own posts, per viewer. */
const FLOW_KEY = ['flow'] as const;
export const flowKey = (mine: boolean, userId: number | null, startPage: number) => [...FLOW_KEY, mine ? 'mine' : 'all', userId, startPage] as const;

/** The flow (or the viewer's own posts) from `startPage`, newest first, a page more per `fetchNextPage`. */
export function useFlowList(mine: boolean, userId: number | null, startPage: number) {
  return useInfiniteQuery({
    queryKey: flowKey(mine, userId, startPage),
    queryFn: ({ pageParam }) => fetchFlowPage(pageParam, mine),
    initialPageParam: startPage,
    getNextPageParam: (last) => (last.hasMore ? last.page + 1 : undefined),
    // Kept current by the flow channel's pushes while shown.
    staleTime: Infinity,
  });
}

/** Changes to the cached flow lists after the viewer's own writes, and from pushes. */
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
 * Keeps the list current on the `flow` channel: edits, processed photos and deletions are applied
 * at once; new posts are held for the "N yeni gönderi" bar instead of moving the list under the
 * reader. After every rejoin the first page is read again, so posts pushed while the socket was
 * away reach the bar too.
 */
export function useLiveFlow(mine: boolean, userId: number | null, startPage: number): LiveFlow {
  const queryClient = useQueryClient();
  const cache = useFlowCache();
  const key = useMemo(() => flowKey(mine, userId, startPage), [mine, userId, startPage]);
  const [newPosts, setNewPosts] = useState<FlowPost[]>([]);
  const joinedOnce = useRef(false);
  /** The newest pushed version of each post pushed while shown. */
  const pushed = useRef(new Map<number, FlowPost>());

  const belongsHere = useCallback((post: FlowPost) => !mine || post.author.id === userId, [mine, userId]);
  const hold = useCallback(
    (posts: FlowPost[]) => {
      const listed = postIdsOf(queryClient.getQueryData<FlowPages>(key));
      const fresh = posts.filter((post) => belongsHere(post) && !listed.has(post.id));
      if (fresh.length === 0) return;
      setNewPosts((held) => {
        const known = new Set(held.map((post) => post.id));
        return [...fresh.filter((post) => !known.has(post.id)), ...held].sort((a, b) => b.id - a.id);
      });
    },
    [belongsHere, key, queryClient],
  );

  const live = useRealtimeRoom(rooms.flow, () => {
    if (!joinedOnce.current) {
      joinedOnce.current = true;
      return;
    }
    const listed = queryClient.getQueryData<FlowPages>(key);
    const newest = listed?.pages[0]?.posts[0]?.id ?? 0;
    void fetchFlowPage(1, mine).then(
      (page) => hold(page.posts.filter((post) => post.id > newest)),
      () => undefined,
    );
  });

  // The viewer's own post is listed by the composer's answer, which may come after this push.
  useRealtimeEvent('flow.postCreated', (post) => {
    pushed.current.set(post.id, post);
    if (post.author.id !== userId) hold([post]);
  });
  useRealtimeEvent('flow.postChanged', (post) => {
    pushed.current.set(post.id, post);
    cache.replace(post);
    setNewPosts((held) => held.map((item) => (item.id === post.id ? { ...post, mine: item.mine } : item)));
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
