import { HttpStatus, Injectable } from '@nestjs/common';
import {
  ACCOUNT_MESSAGES,
  BADGE_LIST_RULES as R,
  BADGE_MESSAGES as M,
  BADGE_RULES,
  badgesPath,
  type BadgeId,
  type MemberBadgePage,
} from '@seyirlik/shared-contracts';
import { NotificationsService } from '../notifications';
import { AppException } from '../platform/http/app-exception';
import { BadgesRepository, type BadgeMeasure } from './badges.repository';

/** How many held badges a process remembers before it starts over. */
const HELD_MEMO_SIZE = 100_000;

/**
 * Members' badges: awarded by the consumers of domain events (BadgeSources), each once, with a
 * notification of the award; listed on the member's profile, newest first.
 */
@Injectable()
export class BadgesService {
  /** Badges this process saw held, by `userId:badge`, with the event that awarded each (a badge is never taken back). */
  private readonly held = new Map<string, string>();

  constructor(
    private readonly badges: BadgesRepository,
    private readonly notifications: NotificationsService,
  ) {}

  private remember(key: string, eventId: string): void {
    if (this.held.size >= HELD_MEMO_SIZE) this.held.clear();
    this.held.set(key, eventId);
  }

  /**
   * Awards `badge` to the member from the event `eventId` when they earned it (see
   * BadgesRepository.award) and tells them. Safe to repeat: the award is written once, and its
   * notification is made by the event that awarded it, stamped with that event, so a repeat of
   * it (a retry after the award committed but before the notification did) writes it once.
   */
  async award(userId: number, badge: BadgeId, eventId: string, measure: BadgeMeasure | null): Promise<void> {
    const key = `${userId}:${badge}`;
    // Held since another event: nothing to write (every private message would otherwise ask).
    const awardedBy = this.held.get(key);
    if (awardedBy !== undefined && awardedBy !== eventId) return;
    const { threshold, name } = BADGE_RULES[badge];
    const held = await this.badges.award(userId, badge, eventId, measure ? { measure, threshold } : null);
    if (held) this.remember(key, held.sourceEventId);
    if (held?.sourceEventId !== eventId) return;
    await this.notifications.notify({
      kind: 'badge',
      recipientIds: [userId],
      groupKey: `badge:${badge}`,
      actorId: null,
      actorCount: 0,
      text: M.awarded(name),
      link: badgesPath(held.username),
      sourceEventId: eventId,
    });
  }

  /** A page of the badges of the member `username`, newest first; an unknown member answers 404. */
  async listOf(username: string, page: number): Promise<MemberBadgePage> {
    const member = await this.badges.memberByUsername(username);
    if (!member) throw new AppException(HttpStatus.NOT_FOUND, ACCOUNT_MESSAGES.profileNotFound);
    return this.list(member.id, page);
  }

  /** A page of the member's badges, newest first. */
  async list(userId: number, page: number): Promise<MemberBadgePage> {
    const offset = (page - 1) * R.pageSize;
    const { badges, total } = await this.badges.page(userId, offset, R.pageSize);
    return { badges, page, hasMore: offset + badges.length < total, total };
  }
}
