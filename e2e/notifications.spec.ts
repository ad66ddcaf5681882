import type { Browser, Page } from '@playwright/test';
import { expect, test } from './support/test';

/** A demo episode (server/assets/demo/catalog.json). */
const EPISODE = '/dizi/cinaralti-sirlari/1-sezon/1-bolum';

const comments = (page: Page) => page.getByRole('region', { name: /^Yorumlar/ });
const bell = (page: Page) => page.getByRole('button', { name: /^Bildirimleri aç/ });

/** A new member in a browser of their own (its own cookies), on the episode's page, its comments live. */
async function memberOnEpisode(browser: Browser, prefix: string) {
  const context = await browser.newContext();
  const username = `${prefix}${Date.now().toString(36)}${Math.floor(Math.random() * 1000)}`;
  const password = 'bildirim-sifre-2025';
  const registered = await context.request.post('/api/auth/register', {
    data: { username, emailAddress: `${username}@example.com`, password, passwordAgain: password },
  });
  expect(registered.ok()).toBe(true);
  // Badge notices (a first comment earns one) are muted: this test counts the reply's notice.
  const muted = await context.request.put('/api/notifications/mutes', { data: { muted: ['badge'] } });
  expect(muted.ok()).toBe(true);
  const page = await context.newPage();
  await page.goto(EPISODE);
  await expect(comments(page).getByText('Canlı', { exact: true })).toBeVisible();
  return { context, page, username };
}

test.describe('notifications', () => {
  test('A replies to B’s comment: B is told live in both tabs, and opening the dropdown in one clears the badge in the other', async ({ browser }) => {
    test.setTimeout(90_000);
    const b = await memberOnEpisode(browser, 'alici');
    const secondTab = await b.context.newPage();
    await secondTab.goto('/');
    await expect(bell(secondTab)).toHaveAccessibleName('Bildirimleri aç');
    const text = `Bu bölümün müziği ${Date.now().toString(36)}`;

    await test.step('B writes a comment', async () => {
      await comments(b.page).getByRole('textbox', { name: 'Yorumunuz' }).fill(text);
      await comments(b.page).getByRole('button', { name: 'Gönder' }).click();
      await expect(comments(b.page).getByRole('article').filter({ hasText: text })).toHaveCount(1);
    });

    const a = await memberOnEpisode(browser, 'yanit');
    const notice = `${a.username} yorumunuza yanıt verdi`;

    await test.step('A replies to it', async () => {
      const comment = comments(a.page).getByRole('article').filter({ hasText: text });
      await comment.getByRole('button', { name: 'Yanıtla' }).click();
      const replyLabel = `${b.username} adlı üyeye yanıtınız`;
      await comments(a.page).getByRole('textbox', { name: replyLabel }).fill('Bence de, jeneriği hiç atlamıyorum');
      // The reply form's own button: other comments on the episode have "Yanıtla" buttons too.
      const replyForm = comments(a.page).locator('form').filter({ has: a.page.getByRole('textbox', { name: replyLabel }) });
      await replyForm.getByRole('button', { name: 'Yanıtla' }).click();
      await expect(comments(a.page).getByRole('article').filter({ hasText: 'Bence de, jeneriği hiç atlamıyorum' })).toHaveCount(1);
    });

    await test.step('B’s badge rises without a reload in both tabs, with a toast and the count in the tab title', async () => {
      await expect(b.page.getByRole('region', { name: 'Bildirimler' })).toContainText(notice);
      for (const page of [b.page, secondTab]) {
        await expect(bell(page)).toHaveAccessibleName('Bildirimleri aç: 1 okunmamış bildirim');
        await expect(page.getByTestId('notification-badge')).toHaveText('1');
        await expect(page).toHaveTitle(/^\(1\) /);
      }
    });

    await test.step('B opens the dropdown in one tab: it lists the reply, and the badge goes in both tabs', async () => {
      await bell(b.page).click();
      await expect(b.page.getByRole('list', { name: 'Bildirimler' }).getByRole('link', { name: new RegExp(notice) })).toBeVisible();
      await expect(b.page.getByTestId('notification-badge')).toHaveCount(0);
      await expect(secondTab.getByTestId('notification-badge')).toHaveCount(0);
      await expect(bell(secondTab)).toHaveAccessibleName('Bildirimleri aç');
      await expect(secondTab).not.toHaveTitle(/^\(\d+\) /);
    });

    await test.step('the notification leads to the reply on its page', async () => {
      await b.page.getByRole('list', { name: 'Bildirimler' }).getByRole('link', { name: new RegExp(notice) }).click();
      await expect(b.page).toHaveURL(/#yorum-\d+$/);
    });

    await a.context.close();
    await b.context.close();
  });
});
