/**
 * The content requests' domain events, written in the transaction of the change (the outbox) and
 * handed to consumers after it committed.
 */

/** A catalog import brought in the title a request asked for: the request is now `added`. */
export interface RequestAddedEvent {
  requestId: number;
  /** The request's name, as the notification quotes it. */
  name: string;
  titleId: number;
  /** The title's page. */
  titleLink: string;
}

declare module '../platform/events/domain-events' {
  interface DomainEventMap {
    'request.added': RequestAddedEvent;
  }
}
