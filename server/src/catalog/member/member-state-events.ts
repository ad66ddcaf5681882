/**
 * The member state's domain events, written in the transaction of the change (the outbox) and
 * handed to consumers after it committed. The badges count watched episodes from it.
 */

/** A member marked an episode watched (unmarking publishes nothing). */
export interface EpisodeWatchedEvent {
  userId: number;
  episodeId: number;
  titleId: number;
}

declare module '../../platform/events/domain-events' {
  interface DomainEventMap {
    'episode.watched': EpisodeWatchedEvent;
  }
}
