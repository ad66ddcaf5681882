import { Global, Injectable, Module } from '@nestjs/common';
import { PinoLogger } from 'nestjs-pino';

/**
 * The domain events and their payloads. A feature declares its own events next to its code by
 * augmenting this interface, so publishers and subscribers share one typed map:
 *
 *   declare module '../platform/events/domain-events' {
 *     interface DomainEventMap { 'comment.created': CommentCreatedEvent }
 *   }
 */
export interface DomainEventMap {}

export type DomainEventName = keyof DomainEventMap;
export type DomainEventHandler<E extends DomainEventName> = (payload: DomainEventMap[E]) => Promise<void> | void;

/**
 * In-process publish/subscribe of domain events. A service publishes after its transaction
 * commits, so a subscriber never sees a change that was rolled back; subscribers (notifications,
 * for instance) run after the publishing request's work, each on its own, and hand slow work to
 * the job queue. A failing subscriber is logged and never reaches the publisher.
 */
@Injectable()
export class DomainEvents {
  private readonly handlers = new Map<DomainEventName, DomainEventHandler<DomainEventName>[]>();

  constructor(private readonly logger: PinoLogger) {}

  subscribe<E extends DomainEventName>(name: E, handler: DomainEventHandler<E>): void {
    const list = this.handlers.get(name) ?? [];
    list.push(handler as DomainEventHandler<DomainEventName>);
    this.handlers.set(name, list);
  }

  publish<E extends DomainEventName>(name: E, payload: DomainEventMap[E]): void {
    for (const handler of this.handlers.get(name) ?? []) {
      setImmediate(() => {
        Promise.resolve()
          .then(() => handler(payload))
          .catch((error: unknown) => this.logger.error({ err: error, event: name }, 'domain event handler failed'));
      });
    }
  }
}

@Global()
@Module({ providers: [DomainEvents], exports: [DomainEvents] })
export class DomainEventsModule {}
