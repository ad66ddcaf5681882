import type { CommentPage, CommentThread, CommentView } from '@seyirlik/shared-contracts';

/** A comment on title 4 by Ayşe (member 1), no likes, written a minute before 19 May 2025 12:00 UTC. */
export function buildComment(id: number, overrides: Partial<CommentView> = {}): CommentView {
  return {
    id,
    parentId: null,
    titleId: 4,
    discussionId: null,
    episode: null,
    author: { id: 1, username: 'ayse', profileName: 'Ayşe', avatarUrl: null },
    text: `yorum ${id}`,
    spoiler: false,
    likeCount: 0,
    likesVersion: 0,
    liked: false,
    deleted: false,
    createdAt: '2025-05-19T11:59:00.000Z',
    ...overrides,
  };
}

export function buildThread(id: number, overrides: Partial<CommentView> = {}, replies: CommentView[] = []): CommentThread {
  return { ...buildComment(id, overrides), replies };
}

/** A page of title 4's comments (type 1); pass `target` for an episode's page. */
export function buildCommentPage(threads: CommentThread[], overrides: Partial<CommentPage> = {}): CommentPage {
  return { room: 'content:title-4', target: { type: 1, id: 4 }, threads, total: threads.length, nextCursor: null, ...overrides };
}
