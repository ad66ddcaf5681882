import { COMMENT_TARGET_TYPES, type CommentOrder, type CommentPage, type CommentThread, type CommentView } from '@seyirlik/shared-contracts';

/**
 * What a comments block lists, and how it takes in what arrives later: pages, live pushes, the
 * page's own writes and the catch-up after a reconnect. Every merge goes by comment id, so nothing
 * shows twice; listed threads never move (a like does not reorder them), so nothing jumps.
 */
export interface ThreadList {
  order: CommentOrder;
  /** The list's target, as its pages name it: pushed comments of anything else are ignored. */
  target: CommentPage['target'];
  threads: CommentThread[];
  total: number;
  nextCursor: string | null;
}

type Compare = (a: CommentView, b: CommentView) => number;

/** Negative when `a` comes before `b` in the order. */
const comparator = (order: CommentOrder): Compare =>
  order === 'liked' ? (a, b) => b.likeCount - a.likeCount || b.id - a.id : (a, b) => b.id - a.id;

function insertSorted(threads: CommentThread[], thread: CommentThread, compare: Compare): CommentThread[] {
  const index = threads.findIndex((listed) => compare(thread, listed) < 0);
  return index === -1 ? [...threads, thread] : [...threads.slice(0, index), thread, ...threads.slice(index)];
}

const belongs = (target: ThreadList['target'], comment: CommentView) =>
  target.type === COMMENT_TARGET_TYPES.episode
    ? comment.episode?.id === target.id
    : target.type === COMMENT_TARGET_TYPES.discussion
      ? comment.discussionId === target.id
      : comment.titleId === target.id;

const asDeleted = (thread: CommentThread): CommentThread => ({ ...thread, deleted: true, author: null, text: '' });

export function listFromPage(order: CommentOrder, page: CommentPage): ThreadList {
  return { order, target: page.target, threads: page.threads, total: page.total, nextCursor: page.nextCursor };
}

/** The next page, below what is listed; a thread that arrived live meanwhile is not repeated. */
export function appendPage(list: ThreadList, page: CommentPage): ThreadList {
  const listed = new Set(list.threads.map((thread) => thread.id));
  return { ...list, threads: [...list.threads, ...page.threads.filter((thread) => !listed.has(thread.id))], total: page.total, nextCursor: page.nextCursor };
}

/** The pages read so far (a query's pages: never none) as one list, each below the one before. */
export function listFromPages(order: CommentOrder, pages: readonly CommentPage[]): ThreadList {
  return pages.slice(1).reduce(appendPage, listFromPage(order, pages[0]!));
}

/**
 * Makes a change of the list in the pages it is read from: a listed thread stays on its page, a
 * new one joins the page of the thread above it, every page takes the new total and the last one
 * the list's cursor, so the next page is asked for from where the list now ends.
 */
export function updatePages(order: CommentOrder, pages: readonly CommentPage[], change: (list: ThreadList) => ThreadList): CommentPage[] {
  const list = change(listFromPages(order, pages));
  const pageOf = new Map<number, number>();
  pages.forEach((page, index) => page.threads.forEach((thread) => pageOf.set(thread.id, Math.min(index, pageOf.get(thread.id) ?? index))));
  const threadsOf = pages.map((): CommentThread[] => []);
  let index = 0;
  for (const thread of list.threads) {
    index = Math.max(index, pageOf.get(thread.id) ?? index);
    threadsOf[index]!.push(thread);
  }
  const last = pages.length - 1;
  return pages.map((page, at) => ({
    ...page,
    target: list.target,
    threads: threadsOf[at]!,
    total: list.total,
    nextCursor: at === last ? list.nextCursor : page.nextCursor,
  }));
}

/**
 * The first page read again after the room was (re)joined: the server's truth for what it covers.
 * Its threads replace the listed ones (likes, replies, deletions), new ones take their place in
 * the order, and a listed thread the page should hold but does not was deleted meanwhile. In the
 * most-liked order the listed counts may be stale, so only a page that holds everything says that.
 */
export function reconcileFirstPage(list: ThreadList, page: CommentPage): ThreadList {
  const fresh = new Map(page.threads.map((thread) => [thread.id, thread]));
  const compare = comparator(list.order);
  const last = page.threads.at(-1);
  const covered = (thread: CommentThread) =>
    page.nextCursor === null || (list.order === 'newest' && last !== undefined && compare(thread, last) <= 0);
  const kept = list.threads.filter((thread) => fresh.has(thread.id) || !covered(thread));
  const listedBeyond = kept.some((thread) => !fresh.has(thread.id));
  let threads = kept.map((thread) => fresh.get(thread.id) ?? thread);
  const listed = new Set(threads.map((thread) => thread.id));
  for (const thread of page.threads) if (!listed.has(thread.id)) threads = insertSorted(threads, thread, compare);
  return { ...list, target: page.target, threads, total: page.total, nextCursor: listedBeyond ? list.nextCursor : page.nextCursor };
}

/**
 * A new comment or reply, pushed or written here. The page's own comment goes on top, where its
 * author looks for it; another's takes its place in the order, unless it sorts below the last
 * listed thread while more pages follow (it comes with its page then).
 */
export function addComment(list: ThreadList, comment: CommentView, own: boolean): ThreadList {
  if (!belongs(list.target, comment)) return list;
  if (comment.parentId === null) {
    if (list.threads.some((thread) => thread.id === comment.id)) return list;
    const thread: CommentThread = { ...comment, replies: [] };
    const compare = comparator(list.order);
    if (!own && list.nextCursor !== null && !list.threads.some((listed) => compare(thread, listed) < 0)) {
      return { ...list, total: list.total + 1 };
    }
    return { ...list, threads: own ? [thread, ...list.threads] : insertSorted(list.threads, thread, compare), total: list.total + 1 };
  }
  const parent = list.threads.find((thread) => thread.id === comment.parentId);
  if (!parent) return { ...list, total: list.total + 1 };
  if (parent.replies.some((reply) => reply.id === comment.id)) return list;
  const replies = [...parent.replies, comment].sort((a, b) => a.id - b.id);
  return { ...list, threads: list.threads.map((thread) => (thread === parent ? { ...parent, replies } : thread)), total: list.total + 1 };
}

/**
 * A deleted comment: a thread's first comment with replies stays as "Silinmiş yorum", anything
 * else goes; a deleted first comment goes with its last reply.
 */
export function removeComment(list: ThreadList, removed: { id: number; parentId: number | null; hasReplies: boolean }): ThreadList {
  if (removed.parentId === null) {
    const thread = list.threads.find((listed) => listed.id === removed.id);
    if (!thread || thread.deleted) return list;
    const threads = removed.hasReplies
      ? list.threads.map((listed) => (listed === thread ? asDeleted(thread) : listed))
      : list.threads.filter((listed) => listed !== thread);
    return { ...list, threads, total: list.total - 1 };
  }
  const parent = list.threads.find((thread) => thread.id === removed.parentId);
  if (!parent) return { ...list, total: list.total - 1 };
  if (!parent.replies.some((reply) => reply.id === removed.id)) return list;
  const replies = parent.replies.filter((reply) => reply.id !== removed.id);
  const threads =
    parent.deleted && replies.length === 0
      ? list.threads.filter((thread) => thread !== parent)
      : list.threads.map((thread) => (thread === parent ? { ...parent, replies } : thread));
  return { ...list, threads, total: list.total - 1 };
}

/**
 * A like count, from a push or the member's own toggle (which also says whether they like it).
 * Pushes may arrive out of order: a count older than the listed one is ignored.
 */
export function setLikes(list: ThreadList, likes: { id: number; likeCount: number; likesVersion: number }, liked?: boolean): ThreadList {
  const update = <C extends CommentView>(comment: C): C => {
    if (comment.id !== likes.id) return comment;
    const newer = likes.likesVersion > comment.likesVersion ? { likeCount: likes.likeCount, likesVersion: likes.likesVersion } : {};
    return { ...comment, ...newer, ...(liked === undefined ? {} : { liked }) };
  };
  return { ...list, threads: list.threads.map((thread) => ({ ...update(thread), replies: thread.replies.map(update) })) };
}
