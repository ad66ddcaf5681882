/**
 * The groups' domain events, written in the transaction of the change (the outbox) and handed to
 * consumers after it committed.
 */

/** A group was made; its owner is its first member. */
export interface GroupCreatedEvent {
  groupId: number;
  ownerId: number;
}

declare module '../../platform/events/domain-events' {
  interface DomainEventMap {
    'group.created': GroupCreatedEvent;
  }
}
