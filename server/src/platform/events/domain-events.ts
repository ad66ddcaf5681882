import { Global, Injectable, Module } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { OutboxRepository } from '../outbox/outbox.repository';

/**
 * The domain events and their payloads. A feature declares its own events next to its code by
 * augmenting this interface, so publishers and consumers share one typed map:
 *
 *   declare module '../platform/events/domain-events' {
 *     interface DomainEventMap { 'comment.created': CommentCreatedEvent }
 *   }
 */
export interface DomainEventMap {}

export type DomainEventName = keyof DomainEventMap;

/** What a consumer gets besides the payload. */
export interface DomainEventContext {
  /** The outbox row of the event: the same on every delivery of it. */
  eventId: string;
  /**
   * The relay's transaction: a job enqueued through it (`jobs.enqueue(..., { manager })`) is
   * recorded together with the consumer's "done", so it is queued exactly once.
   */
  manager: EntityManager;
}

export type DomainEventHandler<E extends DomainEventName> = (payload: DomainEventMap[E], context: DomainEventContext) => Promise<void> | void;

export interface DomainEventConsumer {
  /** Stable across releases: the relay records per consumer id which events it handled. */
  id: string;
  handle: DomainEventHandler<DomainEventName>;
}

/**
 * Durable domain events. A service publishes inside the transaction of its change: the event is
 * an outbox row that commits or rolls back with it. The outbox relay then hands it to every
 * consumer, at least once and after the commit; a consumer that throws is tried again later
 * (the others are not run twice). Consumers subscribe in onModuleInit, so they are in place
 * before the relay starts, and keep whatever they do safe to repeat.
 */
@Injectable()
export class DomainEvents {
  private readonly consumers = new Map<DomainEventName, DomainEventConsumer[]>();

  constructor(private readonly outbox: OutboxRepository) {}

  subscribe<E extends DomainEventName>(name: E, consumerId: string, handle: DomainEventHandler<E>): void {
    const list = this.consumers.get(name) ?? [];
    if (list.some((consumer) => consumer.id === consumerId)) throw new Error(`consumer "${consumerId}" of "${name}" subscribed twice`);
    list.push({ id: consumerId, handle: handle as DomainEventHandler<DomainEventName> });
    this.consumers.set(name, list);
  }

  /** Records the event in `manager`'s transaction; consumers see it once that transaction committed. */
  async publish<E extends DomainEventName>(manager: EntityManager, name: E, payload: DomainEventMap[E]): Promise<void> {
    await this.outbox.insert(manager, { kind: 'event', name, payload });
  }

  consumersOf(name: string): readonly DomainEventConsumer[] {
    return this.consumers.get(name as DomainEventName) ?? [];
  }
}

@Global()
@Module({ providers: [DomainEvents], exports: [DomainEvents] })
export class DomainEventsModule {}
