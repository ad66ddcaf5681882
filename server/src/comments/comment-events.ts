/**
 * The comments' domain events, written in the transaction of the change (the outbox) and handed
 * to consumers after it committed. The notifications feature subscribes to them
 * (`DomainEvents.subscribe`) without touching the comments' code.
 */

interface CommentEventBase {
  commentId: number;
  /** Who wrote the comment. */
  authorId: number;
  /** The title it is on, or null for a reply in a forum topic. */
  titleId: number | null;
  /** The episode it is on, or null for a comment on the title. */
  episodeId: number | null;
  /** The forum topic it is in; only a comment in a topic carries it (it then has no title). */
  discussionId?: number;
  /** The page the comment is on, with its anchor (for a notification's link). */
  link: string;
}

/** A new comment that starts a thread. */
export type CommentCreatedEvent = CommentEventBase;

/** A reply; `parentAuthorId` wrote the thread's first comment. */
export interface CommentRepliedEvent extends CommentEventBase {
  parentId: number;
  parentAuthorId: number;
}

/** A member liked a comment (unlikes publish nothing). */
export interface CommentLikedEvent extends CommentEventBase {
  likerId: number;
  likeCount: number;
}

declare module '../platform/events/domain-events' {
  interface DomainEventMap {
    'comment.created': CommentCreatedEvent;
    'comment.replied': CommentRepliedEvent;
    'comment.liked': CommentLikedEvent;
  }
}
