import { Injectable } from '@nestjs/common';
import type { BadgeId } from '@seyirlik/shared-contracts';
import { DomainEvents } from '../platform/events/domain-events';
import type { BadgeMeasure } from './badges.repository';
import { BadgesService } from './badges.service';

/** A badge an event may earn a member: who, which, and (for more than one of it) what to count. */
interface Credit {
  userId: number;
  badge: BadgeId;
  measure: BadgeMeasure | null;
}

/**
 * Awards badges from the durable domain events of other features. Each consumer runs after the
 * change committed, at least once; BadgesService.award writes each badge once and its
 * notification once, so a repeat changes nothing. The rules' names and thresholds are in
 * BADGE_RULES (shared-contracts); here is which event earns which badge for whom.
 */
@Injectable()
export class BadgeSources {
  constructor(
    private readonly events: DomainEvents,
    private readonly badges: BadgesService,
  ) {}

  /** Consumer ids stay the same across releases: the relay records per id which events it handled. */
  subscribe(): void {
    this.events.subscribe('comment.created', 'badges.commentCreated', (event, { eventId }) =>
      this.credit(eventId, wroteComment(event.authorId)),
    );
    this.events.subscribe('comment.replied', 'badges.commentReplied', (event, { eventId }) =>
      this.credit(eventId, [
        ...wroteComment(event.authorId),
        ...(event.parentAuthorId === event.authorId ? [] : [{ userId: event.parentAuthorId, badge: 'first-reply-received' as const, measure: null }]),
      ]),
    );
    this.events.subscribe('comment.liked', 'badges.commentLiked', (event, { eventId }) =>
      this.credit(
        eventId,
        event.likerId === event.authorId
          ? []
          : [
              { userId: event.authorId, badge: 'first-like-received', measure: null },
              { userId: event.authorId, badge: 'ten-likes-received', measure: 'likesReceived' },
            ],
      ),
    );
    this.events.subscribe('message.sent', 'badges.messageSent', (event, { eventId }) =>
      this.credit(eventId, [{ userId: event.senderId, badge: 'first-message', measure: null }]),
    );
    this.events.subscribe('room.invited', 'badges.roomInvited', (event, { eventId }) =>
      this.credit(eventId, [{ userId: event.invitedBy, badge: 'first-room', measure: null }]),
    );
    this.events.subscribe('episode.watched', 'badges.episodeWatched', (event, { eventId }) =>
      this.credit(eventId, [{ userId: event.userId, badge: 'hundred-episodes', measure: 'episodesWatched' }]),
    );
    // Posts in a group are not on the flow.
    this.events.subscribe('flow.posted', 'badges.flowPosted', (event, { eventId }) =>
      this.credit(eventId, event.groupId === null ? [{ userId: event.authorId, badge: 'first-post', measure: null }] : []),
    );
    this.events.subscribe('group.created', 'badges.groupCreated', (event, { eventId }) =>
      this.credit(eventId, [{ userId: event.ownerId, badge: 'first-group', measure: null }]),
    );
    this.events.subscribe('collection.created', 'badges.collectionCreated', (event, { eventId }) =>
      this.credit(eventId, [{ userId: event.ownerId, badge: 'first-collection', measure: null }]),
    );
  }

  private async credit(eventId: string, credits: readonly Credit[]): Promise<void> {
    for (const { userId, badge, measure } of credits) await this.badges.award(userId, badge, eventId, measure);
  }
}

/** A comment or a reply the member wrote. */
function wroteComment(userId: number): Credit[] {
  return [
    { userId, badge: 'first-comment', measure: null },
    { userId, badge: 'ten-comments', measure: 'commentsWritten' },
  ];
}
