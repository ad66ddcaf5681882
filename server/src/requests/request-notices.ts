import { Injectable } from '@nestjs/common';
import { REQUEST_MESSAGES as M } from '@seyirlik/shared-contracts';
import { NotificationsService } from '../notifications';
import { DomainEvents } from '../platform/events/domain-events';
import type { RequestAddedEvent } from './request-events';
import { RequestsRepository } from './requests.repository';

/**
 * Tells the requester and the upvoters of a request that its title is on the site, from the
 * durable `request.added` event (after the import committed, at least once). One notification per
 * member and request, stamped with the event: a repeat writes nothing again.
 */
@Injectable()
export class RequestNotices {
  constructor(
    private readonly events: DomainEvents,
    private readonly requests: RequestsRepository,
    private readonly notifications: NotificationsService,
  ) {}

  /** The consumer id stays the same across releases: the relay records per id which events it handled. */
  subscribe(): void {
    this.events.subscribe('request.added', 'requests.added', (event, { eventId }) => this.added(event, eventId));
  }

  async added(event: RequestAddedEvent, eventId: string): Promise<void> {
    const recipientIds = await this.requests.audience(event.requestId);
    if (recipientIds.length === 0) return;
    await this.notifications.notify({
      kind: 'request.added',
      recipientIds,
      groupKey: `request.added:${event.requestId}`,
      actorId: null,
      actorCount: 0,
      text: M.added(event.name),
      link: event.titleLink,
      sourceEventId: eventId,
    });
  }
}
