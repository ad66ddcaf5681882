/**
 * The flow's domain events, written in the transaction that stores the post (the outbox) and
 * handed to consumers after it committed. Badges, notifications and group fan-out subscribe to
 * them without touching the flow's code.
 */

/** A post was stored (a text post or a poll). */
export interface FlowPostedEvent {
  postId: number;
  authorId: number;
  /** The group it was posted in, or null for the public flow. */
  groupId: number | null;
}

declare module '../platform/events/domain-events' {
  interface DomainEventMap {
    'flow.posted': FlowPostedEvent;
  }
}
