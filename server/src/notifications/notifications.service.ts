import { HttpStatus, Injectable } from '@nestjs/common';
import {
  NOTIFICATION_MESSAGES as M,
  NOTIFICATION_RULES as R,
  streams,
  type NotificationKind,
  type NotificationMutes,
  type NotificationPage,
  type NotificationsAfter,
  type NotificationsRead,
} from '@seyirlik/shared-contracts';
import { PinoLogger } from 'nestjs-pino';
import { DataSource } from 'typeorm';
import { StreamSequenceRepository } from '../platform/database/stream-sequence.repository';
import { AppException } from '../platform/http/app-exception';
import { RealtimeService } from '../platform/realtime/realtime.service';
import { NotificationsRepository, type NewNotification, type StoredNotification } from './notifications.repository';

/**
 * A member's notifications: stored per member, numbered in the member's stream
 * `streams.notifications(id)`, pushed to `user:{id}` after they committed, read in pages or after
 * a sequence, marked read, and muted by kind. They are made only by the consumers of durable
 * domain events (NotificationSources) and by the new-episode fan-out, never on a request's path.
 */
@Injectable()
export class NotificationsService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly notifications: NotificationsRepository,
    private readonly sequences: StreamSequenceRepository,
    private readonly realtime: RealtimeService,
    private readonly logger: PinoLogger,
  ) {}

  /**
   * Makes (or, for a key the member has, updates) the notification for each recipient still to
   * tell, then pushes what was written. Safe to repeat: the same source writes and pushes nothing again.
   */
  async notify(notification: NewNotification): Promise<StoredNotification[]> {
    const stored = await this.notifications.upsert(notification);
    await this.push(stored);
    return stored;
  }

  /**
   * Pushes committed notifications with each member's unread count to their `user:` channel, on
   * every process. A push that fails is not tried again: the client's heartbeat and catch-up read
   * the notification from PostgreSQL.
   */
  async push(stored: readonly StoredNotification[]): Promise<void> {
    if (stored.length === 0) return;
    try {
      const unread = await this.notifications.unreadCounts(stored.map((entry) => entry.userId));
      for (const { userId, view } of stored) {
        this.realtime.toUser(userId, 'notification.created', { notification: view, unreadCount: unread.get(userId) ?? 0 });
      }
    } catch (error) {
      this.logger.warn({ err: (error as Error).message }, 'notification push failed; clients catch up');
    }
  }

  /** A page of the member's notifications, newest first, with the unread count and the stream's head. */
  async list(userId: number, page: number): Promise<NotificationPage> {
    // The head is read first: an item committed between the two reads is fetched again by the
    // catch-up after `lastSeq`, never skipped.
    const lastSeq = await this.sequences.current(this.dataSource.manager, streams.notifications(userId));
    const [rows, unreadCount] = await Promise.all([
      this.notifications.page(userId, (page - 1) * R.pageSize, R.pageSize + 1),
      this.notifications.unreadCount(userId),
    ]);
    return { notifications: rows.slice(0, R.pageSize), page, hasMore: rows.length > R.pageSize, unreadCount, lastSeq };
  }

  /** The member's notifications numbered after `after`, oldest first, at most NOTIFICATION_RULES.catchUpPageSize. */
  async after(userId: number, after: number): Promise<NotificationsAfter> {
    const [rows, unreadCount] = await Promise.all([
      this.notifications.after(userId, after, R.catchUpPageSize + 1),
      this.notifications.unreadCount(userId),
    ]);
    return { notifications: rows.slice(0, R.catchUpPageSize), hasMore: rows.length > R.catchUpPageSize, unreadCount };
  }

  /**
   * Marks the member's notification `id` read, or all of them (`id` null), and tells the member's
   * other tabs. Another member's notification answers 404, as a missing one, and stays unread.
   */
  async markRead(userId: number, id: number | null): Promise<NotificationsRead> {
    const { found, unreadCount } = await this.notifications.markRead(userId, id);
    if (!found) throw new AppException(HttpStatus.NOT_FOUND, M.notificationNotFound);
    this.realtime.toUser(userId, 'notification.read', { id, unreadCount });
    return { unreadCount };
  }

  async mutes(userId: number): Promise<NotificationMutes> {
    return { muted: await this.notifications.mutedKinds(userId) };
  }

  async setMutes(userId: number, muted: readonly NotificationKind[]): Promise<NotificationMutes> {
    await this.notifications.setMutedKinds(userId, muted);
    return this.mutes(userId);
  }
}
