import { COMMENT_TARGET_TYPES, type CommentThread } from '@seyirlik/shared-contracts';
import { buildComment, buildCommentPage, buildThread } from '../../../test/commentBuilders';
import { addComment, appendPage, listFromPage, listFromPages, reconcileFirstPage, removeComment, setLikes, updatePages, type ThreadList } from './threadList';

const page = (threads: CommentThread[], nextCursor: string | null = null, total = threads.length) => buildCommentPage(threads, { nextCursor, total });

const ids = (list: ThreadList) => list.threads.map((listed) => listed.id);

describe('thread list', () => {
  it('puts a pushed comment in its place once, however often it arrives', () => {
    const sut = listFromPage('newest', page([buildThread(5), buildThread(3)]));

    const once = addComment(sut, buildComment(7), false);
    const twice = addComment(once, buildComment(7), false);

    expect(ids(twice)).toEqual([7, 5, 3]);
    expect(twice.total).toBe(3);
  });

  it('shows the page’s own comment on top once, whether its push came first or not', () => {
    const sut = listFromPage('liked', page([buildThread(5, { likeCount: 3 }), buildThread(3, { likeCount: 1 })]));

    const pushedFirst = addComment(addComment(sut, buildComment(9), false), buildComment(9), true);
    const ownFirst = addComment(addComment(sut, buildComment(9), true), buildComment(9), false);

    expect(ids(pushedFirst)).toEqual([5, 3, 9]);
    expect(ids(ownFirst)).toEqual([9, 5, 3]);
    expect([pushedFirst.total, ownFirst.total]).toEqual([3, 3]);
  });

  it('leaves a pushed comment that sorts below the listed ones to its page while more pages follow', () => {
    const sut = listFromPage('liked', page([buildThread(5, { likeCount: 3 })], '5-3', 4));

    const next = addComment(sut, buildComment(8), false);

    expect(ids(next)).toEqual([5]);
    expect(next.total).toBe(5);
  });

  it('ignores a pushed comment of another page', () => {
    const sut = listFromPage('newest', page([buildThread(5)]));

    expect(addComment(sut, buildComment(8, { titleId: 99 }), false)).toBe(sut);
  });

  it('takes pushed replies of its own forum topic only', () => {
    const sut = { ...listFromPage('newest', page([])), target: { type: COMMENT_TARGET_TYPES.discussion, id: 12 } };

    expect(addComment(sut, buildComment(8, { titleId: null, discussionId: 13 }), false)).toBe(sut);
    expect(ids(addComment(sut, buildComment(9, { titleId: null, discussionId: 12 }), false))).toEqual([9]);
  });

  it('files a reply under its thread in order, once', () => {
    const sut = listFromPage('newest', page([buildThread(5, {}, [buildComment(6, { parentId: 5 })])]));

    const next = addComment(addComment(addComment(sut, buildComment(9, { parentId: 5 }), false), buildComment(8, { parentId: 5 }), true), buildComment(9, { parentId: 5 }), false);

    expect(next.threads[0]!.replies.map((reply) => reply.id)).toEqual([6, 8, 9]);
    expect(next.total).toBe(3);
  });

  it('keeps a deleted first comment with replies as "Silinmiş yorum" and drops it with its last reply', () => {
    const sut = listFromPage('newest', page([buildThread(5, {}, [buildComment(6, { parentId: 5 })]), buildThread(3)], null, 3));

    const headGone = removeComment(sut, { id: 5, parentId: null, hasReplies: true });
    expect(headGone.threads[0]).toMatchObject({ id: 5, deleted: true, author: null, text: '' });
    expect(removeComment(headGone, { id: 5, parentId: null, hasReplies: true })).toBe(headGone);

    const replyGone = removeComment(headGone, { id: 6, parentId: 5, hasReplies: false });
    expect(ids(replyGone)).toEqual([3]);
    expect(replyGone.total).toBe(1);
    expect(removeComment(replyGone, { id: 3, parentId: null, hasReplies: false }).threads).toEqual([]);
  });

  it('takes a like count only when it is newer than the listed one, and the member’s own like state from their toggle', () => {
    const sut = listFromPage('liked', page([buildThread(5, { likeCount: 2, likesVersion: 4 }), buildThread(3, { likeCount: 1, likesVersion: 1 }, [buildComment(4, { parentId: 3 })])]));

    const newer = setLikes(sut, { id: 5, likeCount: 1, likesVersion: 6 });
    const stale = setLikes(newer, { id: 5, likeCount: 3, likesVersion: 5 }, true);
    const reply = setLikes(stale, { id: 4, likeCount: 1, likesVersion: 1 }, true);

    expect(stale.threads[0]).toMatchObject({ likeCount: 1, likesVersion: 6, liked: true });
    expect(ids(stale)).toEqual([5, 3]);
    expect(reply.threads[1]!.replies[0]).toMatchObject({ likeCount: 1, liked: true });
  });

  it('appends the next page without repeating a thread that arrived live', () => {
    const sut = addComment(listFromPage('newest', page([buildThread(9), buildThread(8)], '8', 4)), buildComment(7), false);

    const next = appendPage(sut, page([buildThread(7), buildThread(6)], null, 5));

    expect(ids(next)).toEqual([9, 8, 7, 6]);
    expect(next.nextCursor).toBeNull();
  });

  it('catches up from a fresh first page: new and changed threads in, threads deleted meanwhile out, later pages kept', () => {
    const listed = appendPage(listFromPage('newest', page([buildThread(9), buildThread(8), buildThread(7)], '7', 5)), page([buildThread(4), buildThread(2)], null, 5));

    const sut = reconcileFirstPage(listed, page([buildThread(11), buildThread(9, { likeCount: 4, likesVersion: 4 }), buildThread(7)], '7', 6));

    expect(ids(sut)).toEqual([11, 9, 7, 4, 2]);
    expect(sut.threads[1]).toMatchObject({ likeCount: 4 });
    expect(sut.total).toBe(6);
    expect(sut.nextCursor).toBeNull();
  });

  it('keeps a listed thread beyond the fresh page and its cursor, since only the page’s own range is known', () => {
    const sut = reconcileFirstPage(listFromPage('newest', page([buildThread(9), buildThread(8)], '8', 3)), page([buildThread(10), buildThread(9)], '9', 4));

    expect(ids(sut)).toEqual([10, 9, 8]);
    expect(sut.nextCursor).toBe('8');
  });

  it('takes the fresh page’s cursor when it covers everything listed', () => {
    const sut = reconcileFirstPage(listFromPage('newest', page([buildThread(9), buildThread(8)], '8', 3)), page([buildThread(8), buildThread(7)], '7', 3));

    expect(ids(sut)).toEqual([8, 7]);
    expect(sut.nextCursor).toBe('7');
  });

  it('makes a change in the pages it was read from: listed threads stay on their page, a new one joins the page above it', () => {
    const pages = [page([buildThread(9), buildThread(8)], '8', 4), page([buildThread(6), buildThread(5)], '5', 4)];

    const sut = updatePages('newest', pages, (list) => addComment(addComment(list, buildComment(10), false), buildComment(7), false));

    expect(sut.map((changed) => changed.threads.map((thread) => thread.id))).toEqual([
      [10, 9, 8, 7],
      [6, 5],
    ]);
    expect(sut.map((changed) => [changed.total, changed.nextCursor])).toEqual([
      [6, '8'],
      [6, '5'],
    ]);
    expect(ids(listFromPages('newest', sut))).toEqual([10, 9, 8, 7, 6, 5]);
  });

  it('gives the last page the list’s cursor and drops a thread a later page repeated', () => {
    const pages = [page([buildThread(9), buildThread(7)], '7', 3), page([buildThread(7), buildThread(6)], '6', 3)];

    const sut = updatePages('newest', pages, (list) => reconcileFirstPage(list, page([buildThread(9), buildThread(7), buildThread(6)], null, 3)));

    expect(sut.map((changed) => changed.threads.map((thread) => thread.id))).toEqual([[9, 7], [6]]);
    expect(sut[1]!.nextCursor).toBeNull();
  });
});
