import type { MemberCard } from '../accounts/schemas';
import type { NotificationKind } from './rules';

/**
 * One notification. `seq` is its number in the member's stream `streams.notifications(id)`: a
 * grouped notification that grows (one more like) takes a new number and is unread again, so
 * keep one per `id`, the one with the highest `seq`.
 */
export interface NotificationView {
  id: number;
  seq: number;
  kind: NotificationKind;
  /** Who did it (for grouped likes: the newest), or null when there is nobody (a new episode) or the member left. */
  actor: MemberCard | null;
  /** The members behind it, the actor included ("Ayşe ve 12 kişi": 13). */
  actorCount: number;
  /** What the member reads, in Turkish. */
  text: string;
  /** Where a click goes: a path on the site. */
  link: string;
  read: boolean;
  /** ISO 8601: when it was made. */
  createdAt: string;
  /** ISO 8601: when it last changed (a grouped one grows). */
  updatedAt: string;
}

/** GET /api/notifications?page=N: newest first. */
export interface NotificationPage {
  notifications: NotificationView[];
  page: number;
  hasMore: boolean;
  /** The member's unread notifications, all pages. */
  unreadCount: number;
  /** The stream's newest sequence when this was read: a live client catches up after it. */
  lastSeq: number;
}

/** GET /api/notifications/after?after=SEQ: the catch-up, oldest first. */
export interface NotificationsAfter {
  notifications: NotificationView[];
  /** More follow the last one here; ask again from it. */
  hasMore: boolean;
  unreadCount: number;
}

/** POST /api/notifications/read and /api/notifications/:id/read */
export interface NotificationsRead {
  unreadCount: number;
}

/** GET and PUT /api/notifications/mutes */
export interface NotificationMutes {
  muted: NotificationKind[];
}
