import type { CommentOrder, CommentPage, CommentReportReason, CommentView, CreateCommentBody, RoomName } from '@seyirlik/shared-contracts';
import { hashKey, useInfiniteQuery, useMutation, useQueryClient, type InfiniteData } from '@tanstack/react-query';
import { useCallback, useRef, useState } from 'react';
import { messageOf } from '../../lib/api';
import { useRealtimeEvent, useRealtimeRoom } from '../realtime/useRealtimeRoom';
import { useSession } from '../session/session';
import { deleteComment, fetchComments, postComment, reportComment, toggleCommentLike, targetKey, type CommentTarget } from './commentsApi';
import { addComment, listFromPages, reconcileFirstPage, removeComment, setLikes, updatePages, type ThreadList } from './threadList';

export type ThreadsState = { status: 'loading' } | { status: 'failed'; message: string } | { status: 'ready'; list: ThreadList };

/** Where "load more" stands: ready, loading, or at the end after a load found no more. */
export type MoreState = 'idle' | 'loading' | 'ended';

type ListChange = (list: ThreadList) => ThreadList;
type CommentPages = InfiniteData<CommentPage, string | null>;

/** A page's comments in one order, as the viewer sees them (their likes): a login or a logout is another list. */
const threadsKey = (target: CommentTarget, order: CommentOrder, viewerId: number | null) => ['comments', targetKey(target), order, viewerId] as const;

/**
 * A page's comments, live: the first page once the session is known (again on a login, a logout
 * or another order), further pages on demand, the room of the page joined, every push merged by id
 * into the cached pages, and after each (re)join the first page read again to catch up with what
 * happened while the socket was away. Pushes that arrive while a first page is on its way are kept
 * and applied on top of it.
 */
export function useCommentThreads(target: CommentTarget) {
  const queryClient = useQueryClient();
  const session = useSession();
  const [order, setOrder] = useState<CommentOrder>('newest');
  const key = threadsKey(target, order, session.user?.id ?? null);
  const current = useRef({ key, order });
  current.current = { key, order };
  /** Changes made while the shown list has no page yet: they wait and are replayed on the first. */
  const waiting = useRef<ListChange[]>([]);

  const threads = useInfiniteQuery({
    queryKey: key,
    queryFn: async ({ pageParam }): Promise<CommentPage> => {
      if (pageParam !== null) return fetchComments(target, order, pageParam);
      // The page read now holds everything pushed before it: only later pushes wait for it.
      waiting.current = [];
      const page = await fetchComments(target, order);
      return updatePages(order, [page], (list) => waiting.current.splice(0).reduce((changed, update) => update(changed), list))[0]!;
    },
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
    select: useCallback(
      (data: CommentPages) => ({ list: listFromPages(order, data.pages), pageCount: data.pages.length, room: data.pages[0]!.room }),
      [order],
    ),
    enabled: session.loaded,
    // Kept current by pushes and the catch-up while shown; a list not shown misses pushes, so it is
    // not kept for later: showing it again (another order, the page revisited) reads it anew.
    staleTime: Infinity,
    gcTime: 0,
  });

  const change = useCallback(
    (update: ListChange) => {
      const { key: shown, order: shownOrder } = current.current;
      if (queryClient.getQueryData(shown) === undefined) {
        waiting.current.push(update);
        return;
      }
      queryClient.setQueryData<CommentPages>(shown, (data) => data && { ...data, pages: updatePages(shownOrder, data.pages, update) });
    },
    [queryClient],
  );

  // The room belongs to the page, not to the order: it stays joined while another order loads.
  const pageRoom = threads.data?.room ?? null;
  const [room, setRoom] = useState<RoomName | null>(null);
  if (pageRoom !== null && pageRoom !== room) setRoom(pageRoom);

  const catchUp = () => {
    const { key: caughtUp, order: caughtUpOrder } = current.current;
    fetchComments(target, caughtUpOrder).then(
      (page) => {
        if (hashKey(current.current.key) === hashKey(caughtUp)) change((list) => reconcileFirstPage(list, page));
      },
      // Seed §8: a failed background read says nothing; the next reconnect tries again.
      () => undefined,
    );
  };

  const live = useRealtimeRoom(room, catchUp);
  useRealtimeEvent('comment.created', (comment) => change((list) => addComment(list, comment, false)));
  useRealtimeEvent('comment.deleted', (removed) => change((list) => removeComment(list, removed)));
  useRealtimeEvent('comment.likesChanged', (likes) => change((list) => setLikes(list, likes)));

  const { hasNextPage, isFetchingNextPage, fetchNextPage, refetch } = threads;
  const loadMore = useCallback(async () => {
    if (!hasNextPage || isFetchingNextPage) return;
    await fetchNextPage({ throwOnError: true });
  }, [hasNextPage, isFetchingNextPage, fetchNextPage]);

  /** Writes a comment or reply; it shows at once, and its push, arriving too, is not shown twice. */
  const write = useMutation({
    mutationFn: (body: CreateCommentBody) => postComment(target, body),
    onSuccess: (comment, body) => change((list) => addComment(list, comment, body.parentId === undefined)),
  }).mutateAsync;

  const like = useMutation({
    mutationFn: (commentId: number) => toggleCommentLike(commentId),
    onSuccess: (likes, commentId) => change((list) => setLikes(list, { id: commentId, ...likes }, likes.liked)),
  }).mutateAsync;

  const remove = useMutation({
    mutationFn: ({ comment }: { comment: CommentView; hasReplies: boolean }) => deleteComment(comment.id),
    onSuccess: (_, { comment, hasReplies }) => change((list) => removeComment(list, { id: comment.id, parentId: comment.parentId, hasReplies })),
  }).mutateAsync;

  /** Reports a comment; the answer's message thanks the member. */
  const report = useMutation({
    mutationFn: ({ commentId, ...body }: { commentId: number; reason: CommentReportReason; description: string }) => reportComment(commentId, body),
  }).mutateAsync;

  const list = threads.data?.list;
  const state: ThreadsState = list
    ? { status: 'ready', list }
    : threads.isError
      ? { status: 'failed', message: messageOf(threads.error) }
      : { status: 'loading' };
  const more: MoreState = isFetchingNextPage ? 'loading' : list && list.nextCursor === null && (threads.data?.pageCount ?? 0) > 1 ? 'ended' : 'idle';

  return {
    state,
    order,
    setOrder,
    more,
    /** Whether pushes arrive: the page's room is joined. */
    live: live.status === 'live',
    loadMore,
    write,
    like,
    remove,
    report,
    retry: useCallback(() => void refetch(), [refetch]),
  };
}

export type CommentThreadsView = ReturnType<typeof useCommentThreads>;
