/**
 * The collections' domain events, written in the transaction of the change (the outbox) and handed
 * to consumers after it committed.
 */

/** A member made a collection. */
export interface CollectionCreatedEvent {
  collectionId: number;
  ownerId: number;
}

declare module '../platform/events/domain-events' {
  interface DomainEventMap {
    'collection.created': CollectionCreatedEvent;
  }
}
