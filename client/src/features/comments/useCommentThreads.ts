import type { CommentOrder, CommentView, CreateCommentBody, RoomName } from '@seyirlik/shared-contracts';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useRealtimeEvent, useRealtimeRoom } from '../realtime/useRealtimeRoom';
import { messageOf } from '../session/api';
import { useSession } from '../session/session';
import { deleteComment, fetchComments, postComment, toggleCommentLike, targetKey, type CommentTarget } from './commentsApi';
import { addComment, appendPage, listFromPage, reconcileFirstPage, removeComment, setLikes, type ThreadList } from './threadList';

export type ThreadsState = { status: 'loading' } | { status: 'failed'; message: string } | { status: 'ready'; list: ThreadList };

/** Where "load more" stands: ready, loading, or at the end after a load found no more. */
export type MoreState = 'idle' | 'loading' | 'ended';

type ListChange = (list: ThreadList) => ThreadList;

/**
 * A page's comments, live: the first page once the session is known (again on a login, a logout
 * or another order), the room of the page joined, every push merged by id, and after each
 * (re)join the first page read again to catch up with what happened while the socket was away.
 * Pushes that arrive while a first page is on its way are kept and applied on top of it.
 */
export function useCommentThreads(target: CommentTarget) {
  const session = useSession();
  const userId = session.user?.id ?? null;
  const key = targetKey(target);
  const targetRef = useRef(target);
  targetRef.current = target;
  const [order, setOrder] = useState<CommentOrder>('newest');
  const orderRef = useRef(order);
  orderRef.current = order;
  const [state, setState] = useState<ThreadsState>({ status: 'loading' });
  const [room, setRoom] = useState<RoomName | null>(null);
  const [more, setMore] = useState<MoreState>('idle');
  const [attempt, setAttempt] = useState(0);
  /** Whether a list is shown: changes apply to it; before, they wait and are replayed on the next one. */
  const ready = useRef(false);
  const waiting = useRef<ListChange[]>([]);
  /** Bumped by every first load, so an answer for an older one is dropped. */
  const generation = useRef(0);

  const change = useCallback((update: ListChange) => {
    if (!ready.current) {
      waiting.current.push(update);
      return;
    }
    setState((current) => (current.status === 'ready' ? { status: 'ready', list: update(current.list) } : current));
  }, []);

  useEffect(() => {
    if (!session.loaded) return;
    const loadId = ++generation.current;
    // The page read now holds everything pushed before it: only later pushes wait for it.
    ready.current = false;
    waiting.current = [];
    setState({ status: 'loading' });
    setMore('idle');
    fetchComments(targetRef.current, order).then(
      (page) => {
        if (loadId !== generation.current) return;
        const list = waiting.current.splice(0).reduce((current, update) => update(current), listFromPage(order, page));
        ready.current = true;
        setState({ status: 'ready', list });
        setRoom(page.room);
      },
      (error: unknown) => {
        if (loadId === generation.current) setState({ status: 'failed', message: messageOf(error) });
      },
    );
  }, [session.loaded, userId, key, order, attempt]);

  const catchUp = useCallback(() => {
    const loadId = generation.current;
    const catchUpOrder = orderRef.current;
    fetchComments(targetRef.current, catchUpOrder).then(
      (page) => {
        if (loadId === generation.current) change((list) => (list.order === catchUpOrder ? reconcileFirstPage(list, page) : list));
      },
      // Seed §8: a failed background read says nothing; the next reconnect tries again.
      () => undefined,
    );
  }, [change]);

  const live = useRealtimeRoom(room, catchUp);
  useRealtimeEvent('comment.created', (comment) => change((list) => addComment(list, comment, false)));
  useRealtimeEvent('comment.deleted', (removed) => change((list) => removeComment(list, removed)));
  useRealtimeEvent('comment.likesChanged', (likes) => change((list) => setLikes(list, likes)));

  const loadMore = useCallback(async () => {
    if (state.status !== 'ready' || state.list.nextCursor === null) return;
    const loadId = generation.current;
    setMore('loading');
    try {
      const page = await fetchComments(targetRef.current, state.list.order, state.list.nextCursor);
      if (loadId !== generation.current) return;
      change((list) => appendPage(list, page));
      setMore(page.nextCursor === null ? 'ended' : 'idle');
    } catch (error) {
      setMore('idle');
      throw error;
    }
  }, [state, change]);

  /** Writes a comment or reply; it shows at once, and its push, arriving too, is not shown twice. */
  const write = useCallback(
    async (body: CreateCommentBody) => {
      const comment = await postComment(targetRef.current, body);
      change((list) => addComment(list, comment, body.parentId === undefined));
    },
    [change],
  );

  const like = useCallback(
    async (commentId: number) => {
      const likes = await toggleCommentLike(commentId);
      change((list) => setLikes(list, { id: commentId, ...likes }, likes.liked));
    },
    [change],
  );

  const remove = useCallback(
    async (comment: CommentView, hasReplies: boolean) => {
      await deleteComment(comment.id);
      change((list) => removeComment(list, { id: comment.id, parentId: comment.parentId, hasReplies }));
    },
    [change],
  );

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
    retry: useCallback(() => setAttempt((count) => count + 1), []),
  };
}

export type CommentThreadsView = ReturnType<typeof useCommentThreads>;
