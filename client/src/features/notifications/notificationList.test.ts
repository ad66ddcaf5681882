import { addNotifications, markReadInPages, notificationsOf, titleWithCount, type NotificationPages } from './notificationList';
import { buildNotification, buildNotificationPage } from './notificationBuilders';

const pagesOf = (...pages: ReturnType<typeof buildNotificationPage>[]): NotificationPages => ({ pages, pageParams: pages.map((_page, index) => index + 1) });
const seqs = (data: NotificationPages) => notificationsOf(data).map((entry) => `${entry.id}@${entry.seq}`);

describe('notificationList', () => {
  it('puts new notifications first, newest first', () => {
    const sut = addNotifications(pagesOf(buildNotificationPage([buildNotification(2), buildNotification(1)])), [buildNotification(4), buildNotification(3)]);

    expect(seqs(sut)).toEqual(['4@4', '3@3', '2@2', '1@1']);
    expect(sut.pages[0]!.notifications.map((entry) => entry.seq)).toEqual([4, 3, 2, 1]);
  });

  it('moves a grouped notification that grew to the top, once, from any page', () => {
    const data = pagesOf(buildNotificationPage([buildNotification(3)]), buildNotificationPage([buildNotification(1, { id: 10 })], { page: 2 }));

    const sut = addNotifications(data, [buildNotification(5, { id: 10, text: 'Ayşe ve 1 kişi yorumunuzu beğendi' })]);

    expect(seqs(sut)).toEqual(['10@5', '3@3']);
    expect(sut.pages[1]!.notifications).toEqual([]);
  });

  it('ignores an older version of a notification it holds, and answers the same pages when nothing is new', () => {
    const data = pagesOf(buildNotificationPage([buildNotification(5, { id: 10 })]));

    expect(addNotifications(data, [buildNotification(2, { id: 10 })])).toBe(data);
    expect(addNotifications(data, [buildNotification(5, { id: 10 })])).toBe(data);
  });

  it('marks one notification read, or all of them', () => {
    const data = pagesOf(buildNotificationPage([buildNotification(2), buildNotification(1)]));

    expect(notificationsOf(markReadInPages(data, 1)).map((entry) => entry.read)).toEqual([false, true]);
    expect(notificationsOf(markReadInPages(data, null)).map((entry) => entry.read)).toEqual([true, true]);
  });

  it('writes the unread count before the tab title, and takes it away at 0', () => {
    expect(titleWithCount('Seyirlik', 3)).toBe('(3) Seyirlik');
    expect(titleWithCount('(3) Seyirlik', 12)).toBe('(12) Seyirlik');
    expect(titleWithCount('(12) Seyirlik', 0)).toBe('Seyirlik');
  });
});
