import type { NotificationView } from './api';

/** Pushed to the member's `user:{id}` channel, on every server process, after the change committed. */
export interface NotificationServerEvents {
  /** A new notification, or a grouped one that grew (same `id`, a new `seq`), with the unread count after it. */
  'notification.created': (payload: { notification: NotificationView; unreadCount: number }) => void;
  /** The member marked notifications read (in any tab): one (`id`), or all of them (`id` null). */
  'notification.read': (payload: { id: number | null; unreadCount: number }) => void;
}
