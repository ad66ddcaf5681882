import type { NotificationView } from '@seyirlik/shared-contracts';
import { renderNotificationTheme } from './render-notification-theme';

const notification = (overrides: Partial<NotificationView> = {}): NotificationView => ({
  id: 12,
  seq: 4,
  kind: 'comment.reply',
  actor: { id: 3, username: 'ayse', profileName: 'Ayşe', avatarUrl: '/media/5f0c.webp' },
  actorCount: 1,
  text: 'Ayşe yorumunuza yanıt verdi',
  link: '/dizi/deneme#yorum-9',
  read: false,
  createdAt: '2025-11-21T18:31:00.000Z',
  // 21:31 in Istanbul (UTC+3)
  updatedAt: '2025-11-21T18:31:00.000Z',
  ...overrides,
});

describe('renderNotificationTheme', () => {
  it('renders each notification as a list item with its id, sequence, read state, text, link and time in Türkiye', () => {
    const sut = renderNotificationTheme([notification(), notification({ id: 13, seq: 3, read: true, actor: null, text: 'Yeni bölüm', link: '/dizi/deneme' })]);

    expect(sut).toBe(
      '<li class="notification notification--unread" data-id="12" data-seq="4"><a class="notification__link" href="/dizi/deneme#yorum-9">' +
        '<img class="notification__avatar" src="/media/5f0c.webp" alt="" width="40" height="40" loading="lazy"/>' +
        '<span class="notification__text">Ayşe yorumunuza yanıt verdi</span>' +
        '<time class="notification__time" dateTime="2025-11-21T18:31:00.000Z">21.11.2025 21:31</time></a></li>' +
        '<li class="notification" data-id="13" data-seq="3"><a class="notification__link" href="/dizi/deneme">' +
        '<span class="notification__text">Yeni bölüm</span>' +
        '<time class="notification__time" dateTime="2025-11-21T18:31:00.000Z">21.11.2025 21:31</time></a></li>',
    );
  });

  it('escapes every text members wrote (names, room titles)', () => {
    const sut = renderNotificationTheme([notification({ text: '<b>Ayşe</b> sizi “<script>x</script>” odasına davet etti' })]);

    expect(sut).not.toContain('<b>');
    expect(sut).not.toContain('<script>');
    expect(sut).toContain('&lt;b&gt;Ayşe&lt;/b&gt; sizi “&lt;script&gt;x&lt;/script&gt;” odasına davet etti');
  });

  it('is empty for an empty page', () => {
    expect(renderNotificationTheme([])).toBe('');
  });
});
