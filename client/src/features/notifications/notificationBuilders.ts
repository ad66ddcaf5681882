import type { NotificationPage, NotificationView } from '@seyirlik/shared-contracts';

/** A notification numbered `seq` (its id too, unless given), unread, of a like by Ayşe. */
export function buildNotification(seq: number, overrides: Partial<NotificationView> = {}): NotificationView {
  return {
    id: seq,
    seq,
    kind: 'comment.like',
    actor: { id: 3, username: 'ayse', profileName: 'Ayşe', avatarUrl: null },
    actorCount: 1,
    text: `Bildirim ${seq}`,
    link: `/dizi/deneme#yorum-${seq}`,
    read: false,
    createdAt: '2025-11-21T18:31:00.000Z',
    updatedAt: '2025-11-21T18:31:00.000Z',
    ...overrides,
  };
}

export function buildNotificationPage(notifications: NotificationView[], overrides: Partial<NotificationPage> = {}): NotificationPage {
  return {
    notifications,
    page: 1,
    hasMore: false,
    unreadCount: notifications.filter((entry) => !entry.read).length,
    lastSeq: Math.max(0, ...notifications.map((entry) => entry.seq)),
    ...overrides,
  };
}
