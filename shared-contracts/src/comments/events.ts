import type { CommentView, TimedComment } from './api';

/**
 * Pushed to the `content:` rooms of the comment's title and, for a comment on an episode, of that
 * episode, after the change committed.
 */
export interface CommentServerEvents {
  /** A new comment or reply (`parentId` set). */
  'comment.created': (comment: CommentView) => void;
  /**
   * A comment was deleted. `hasReplies`: it stays listed as "Silinmiş yorum" above its replies;
   * otherwise it goes. A reply's deletion can leave its deleted thread head without replies, which then goes too.
   */
  'comment.deleted': (payload: { id: number; parentId: number | null; hasReplies: boolean }) => void;
  /** A like or unlike: the exact count after it. Pushes can arrive out of order: keep the highest `likesVersion`. */
  'comment.likesChanged': (payload: { id: number; likeCount: number; likesVersion: number }) => void;
}

/** Pushed to an episode's `commentRooms.timeline` channel after the change committed. */
export interface TimedCommentServerEvents {
  /** A new timed comment: a player holds it until its playhead reaches `positionSeconds`. A deletion comes as `comment.deleted`. */
  'timedComment.created': (payload: { episodeId: number; comment: TimedComment }) => void;
}
