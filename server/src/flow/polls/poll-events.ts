/**
 * The polls' domain events, written in the transaction of the vote (the outbox) and handed to
 * consumers after it committed. The notifications feature subscribes to them.
 */

/** A member voted on a poll for the first time (a changed vote publishes nothing). */
export interface PollVotedEvent {
  postId: number;
  /** Who wrote the poll: the member told. */
  authorId: number;
  voterId: number;
  /** Votes on the poll after this one. */
  total: number;
  /** The post's page (for a notification's link). */
  link: string;
}

declare module '../../platform/events/domain-events' {
  interface DomainEventMap {
    'poll.voted': PollVotedEvent;
  }
}
