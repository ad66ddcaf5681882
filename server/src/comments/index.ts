/** What other features use of comments: the domain events comments publish (see comment-events.ts). */
export type { CommentCreatedEvent, CommentLikedEvent, CommentRepliedEvent } from './comment-events';
