import type { NotificationPage, NotificationView } from '@seyirlik/shared-contracts';
import type { InfiniteData } from '@tanstack/react-query';

/** The cached pages of the member's notifications, by page number. */
export type NotificationPages = InfiniteData<NotificationPage, number>;

/**
 * Puts notifications that arrived live (or by catch-up) at the top of the cached pages. A
 * notification is kept once per id, in its newest version (highest `seq`): a grouped one that
 * grew moves to the top; an older version of one already held is dropped.
 */
export function addNotifications(data: NotificationPages, incoming: readonly NotificationView[]): NotificationPages {
  const held = new Map<number, number>();
  for (const page of data.pages) for (const entry of page.notifications) held.set(entry.id, Math.max(entry.seq, held.get(entry.id) ?? 0));
  const newest = new Map<number, NotificationView>();
  for (const entry of incoming) {
    if ((held.get(entry.id) ?? 0) >= entry.seq || (newest.get(entry.id)?.seq ?? 0) >= entry.seq) continue;
    newest.set(entry.id, entry);
  }
  if (newest.size === 0) return data;
  const fresh = [...newest.values()].sort((a, b) => b.seq - a.seq);
  const pages = data.pages.map((page, index) => {
    const kept = page.notifications.filter((entry) => !newest.has(entry.id));
    return { ...page, notifications: index === 0 ? [...fresh, ...kept] : kept };
  });
  return { ...data, pages };
}

/** Marks the cached notification `id` read, or all of them (`id` null). */
export function markReadInPages(data: NotificationPages, id: number | null): NotificationPages {
  return {
    ...data,
    pages: data.pages.map((page) => ({
      ...page,
      notifications: page.notifications.map((entry) => (id === null || entry.id === id ? { ...entry, read: true } : entry)),
    })),
  };
}

/** Every cached notification once, newest first. */
export function notificationsOf(data: { pages: readonly NotificationPage[] }): NotificationView[] {
  const seen = new Set<number>();
  return data.pages
    .flatMap((page) => page.notifications)
    .sort((a, b) => b.seq - a.seq)
    .filter((entry) => !seen.has(entry.id) && seen.add(entry.id) !== undefined);
}

/** The tab title with the unread count before it: "(3) Seyirlik"; the bare title at 0. */
export function titleWithCount(title: string, unread: number): string {
  const bare = title.replace(/^\(\d+\) /, '');
  return unread > 0 ? `(${unread}) ${bare}` : bare;
}
