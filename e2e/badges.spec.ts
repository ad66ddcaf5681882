import { expect, test } from './support/test';

/** A demo episode (server/assets/demo/catalog.json) whose comments no other browser test reads. */
const EPISODE = '/dizi/isikcinin-kizi/1-sezon/1-bolum';

test.describe('badges', () => {
  test('a member writes their first comment, is told of the badge and finds it on their profile', async ({ page }) => {
    test.setTimeout(60_000);
    const username = `rozet${Date.now().toString(36)}${Math.floor(Math.random() * 1000)}`;
    const password = 'rozet-sifre-2025';
    const registered = await page.request.post('/api/auth/register', {
      data: { username, emailAddress: `${username}@example.com`, password, passwordAgain: password },
    });
    expect(registered.ok()).toBe(true);
    const comments = page.getByRole('region', { name: /^Yorumlar/ });
    const notice = 'Yeni bir rozet kazandınız: İlk Yorum';

    await test.step('the member writes their first comment', async () => {
      await page.goto(EPISODE);
      await expect(comments.getByText('Canlı', { exact: true })).toBeVisible();
      await comments.getByRole('textbox', { name: 'Yorumunuz' }).fill('İlk yorumum, çok heyecanlıyım');
      await comments.getByRole('button', { name: 'Gönder' }).click();
      await expect(comments.getByRole('article').filter({ hasText: 'İlk yorumum, çok heyecanlıyım' })).toHaveCount(1);
    });

    await test.step('the award arrives as a notification without a reload', async () => {
      await expect(page.getByRole('region', { name: 'Bildirimler' })).toContainText(notice);
      await expect(page.getByTestId('notification-badge')).toHaveText('1');
    });

    await test.step('the notification leads to the badges on the member’s profile', async () => {
      await page.getByRole('button', { name: /^Bildirimleri aç/ }).click();
      await page.getByRole('list', { name: 'Bildirimler' }).getByRole('link', { name: new RegExp(notice) }).click();
      await expect(page).toHaveURL(new RegExp(`/profile/${username}#rozetler$`));
      await expect(page.getByRole('tab', { name: 'Rozetler' })).toHaveAttribute('aria-selected', 'true');
      const badge = page.getByRole('list', { name: 'Rozetler' }).getByRole('listitem');
      await expect(badge).toHaveCount(1);
      await expect(badge.getByRole('heading', { name: 'İlk Yorum' })).toBeVisible();
      await expect(badge).toContainText('İlk yorumunuzu yazdınız.');
      await expect(badge).toContainText(/\d{1,2} \S+ \d{4} tarihinde kazanıldı/);
    });

    await test.step('a visitor sees the same badge on the profile', async () => {
      const visitor = await page.context().browser()!.newPage();
      await visitor.goto(`/profile/${username}`);
      await visitor.getByRole('tab', { name: 'Rozetler' }).click();
      await expect(visitor.getByRole('list', { name: 'Rozetler' }).getByRole('heading', { name: 'İlk Yorum' })).toBeVisible();
      await visitor.close();
    });
  });
});
