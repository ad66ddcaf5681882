import type { NotificationMutes, NotificationMutesBody, NotificationPage, NotificationsAfter, NotificationsRead } from '@seyirlik/shared-contracts';
import { api } from '../../lib/api';

/** A page of the member's notifications, newest first (from 1). */
export function fetchNotificationPage(page: number): Promise<NotificationPage> {
  return api.get<NotificationPage>(`/api/notifications?page=${page}`);
}

/** The notifications numbered after `after`, oldest first: the stream's catch-up and polling. */
export function fetchNotificationsAfter(after: number): Promise<NotificationsAfter> {
  return api.get<NotificationsAfter>(`/api/notifications/after?after=${after}`);
}

/** Marks all of the member's notifications read (the dropdown's opening, as the seed's `readNotification`). */
export function markAllNotificationsRead(): Promise<NotificationsRead> {
  return api.post<NotificationsRead>('/api/notifications/read');
}

export function fetchNotificationMutes(): Promise<NotificationMutes> {
  return api.get<NotificationMutes>('/api/notifications/mutes');
}

export function saveNotificationMutes(body: NotificationMutesBody): Promise<NotificationMutes> {
  return api.put<NotificationMutes>('/api/notifications/mutes', body);
}
