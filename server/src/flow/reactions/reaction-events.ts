/**
 * The reactions' domain events, written in the transaction of the reaction (the outbox) and
 * handed to consumers after it committed. The notifications feature subscribes to them.
 */

/** A member reacted to a post where they had no reaction (a changed or removed one publishes nothing). */
export interface FlowReactedEvent {
  postId: number;
  /** Who wrote the post: the member told. */
  authorId: number;
  reactorId: number;
  /** Reactions on the post after this one. */
  total: number;
  /** The post's page (for a notification's link). */
  link: string;
}

declare module '../../platform/events/domain-events' {
  interface DomainEventMap {
    'flow.reacted': FlowReactedEvent;
  }
}
