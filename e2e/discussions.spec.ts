import type { Browser, Page } from '@playwright/test';
import { expect, test } from './support/test';

const replies = (page: Page) => page.getByRole('region', { name: /^Yorumlar/ });

/** A new member in a browser of their own (its own cookies). */
async function member(browser: Browser, prefix: string) {
  const context = await browser.newContext();
  const username = `${prefix}${Date.now().toString(36)}${Math.floor(Math.random() * 1000)}`;
  const password = 'forum-sifre-2025';
  const registered = await context.request.post('/api/auth/register', {
    data: { username, emailAddress: `${username}@example.com`, password, passwordAgain: password },
  });
  expect(registered.ok()).toBe(true);
  return { context, page: await context.newPage() };
}

test.describe('discussions', () => {
  test('a member opens a topic, lands on it after the redirect, replies, and another member’s like shows live', async ({ browser }) => {
    test.setTimeout(90_000);
    const a = await member(browser, 'konucu');
    const b = await member(browser, 'okur');
    const title = `Final bölümü ${Date.now().toString(36)}`;
    let topicPath = '';

    await test.step('A opens a topic from the list: a missing field is refused, then the topic is opened and shown', async () => {
      await a.page.goto('/tartismalar');
      await a.page.getByRole('button', { name: 'Yeni konu' }).click();
      const form = a.page.getByRole('dialog', { name: 'Yeni konu açın' });
      await form.getByLabel('Başlık').fill(title);
      await form.getByRole('button', { name: 'Konuyu aç' }).click();
      await expect(form.getByText('Lütfen gerekli alanları doldurunuz !').first()).toBeVisible();

      await form.getByLabel('Konu metni').fill('Sizce nasıldı?\nDetaylar: https://ornek.com/final');
      await form.getByLabel('Kategori').selectOption('diziler');
      await form.getByRole('button', { name: 'Konuyu aç' }).click();
      await expect(form.getByRole('status')).toContainText('Konunuz açıldı');
      await a.page.waitForURL(/\/tartismalar\/\d+$/);
      topicPath = new URL(a.page.url()).pathname;
      await expect(a.page.getByRole('heading', { level: 1, name: title })).toBeVisible();
      await expect(a.page.getByRole('link', { name: 'https://ornek.com/final' })).toHaveAttribute('rel', 'nofollow noopener noreferrer ugc');
      await expect(replies(a.page).getByText('Canlı', { exact: true })).toBeVisible();
    });

    await test.step('A replies on the topic; B, on the same topic, sees it and likes it; A sees the like live', async () => {
      await b.page.goto(topicPath);
      await expect(replies(b.page).getByText('Canlı', { exact: true })).toBeVisible();
      const reply = `İlk yanıt ${Date.now().toString(36)}`;
      const composer = replies(a.page).getByRole('textbox', { name: 'Yorumun' });
      await composer.fill(reply);
      await replies(a.page).getByRole('button', { name: 'Gönder' }).click();
      // The live push may draw the reply before the send answers and empties the box, so the reply
      // is looked for among the posted comments, not in the whole region.
      await expect(replies(a.page).getByRole('article').getByText(reply)).toBeVisible();
      await expect(composer).toHaveValue('');
      await expect(replies(b.page).getByRole('article').getByText(reply)).toBeVisible();

      const like = replies(b.page).getByRole('button', { name: /Beğen/ });
      await like.click();
      await expect(like).toHaveAttribute('aria-pressed', 'true');
      await expect(replies(a.page).getByRole('button', { name: /Beğen/ })).toContainText('1');
    });

    await test.step('the list shows the topic with its reply', async () => {
      await b.page.goto('/tartismalar');
      const row = b.page.getByRole('listitem').filter({ hasText: title });
      await expect(row).toContainText('1 yanıt');
      await expect(row).toContainText('Diziler');
    });

    await a.context.close();
    await b.context.close();
  });
});
