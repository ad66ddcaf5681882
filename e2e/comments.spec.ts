import type { Browser, Page } from '@playwright/test';
import { expect, test } from './support/test';

/** A demo episode (server/assets/demo/catalog.json). */
const EPISODE = '/dizi/cinaralti-sirlari/1-sezon/1-bolum';
const SPOILER_VEIL = 'Bu yorum spoiler içeriyor. Görmek için tıklayın.';
/** The series page of EPISODE, where threads on episodes the member has not marked watched are hidden. */
const SERIES = '/dizi/cinaralti-sirlari';
const UNWATCHED_VEIL = 'Bu yorum henüz izlemediğiniz 1. Sezon 1. Bölüm hakkında. Görmek için tıklayın.';

const comments = (page: Page) => page.getByRole('region', { name: /^Yorumlar/ });

/** A new member in a browser of their own (its own cookies), on the episode's page, its comments live. */
async function memberOnEpisode(browser: Browser, prefix: string) {
  const context = await browser.newContext();
  const username = `${prefix}${Date.now().toString(36)}${Math.floor(Math.random() * 1000)}`;
  const password = 'yorum-sifre-2025';
  const registered = await context.request.post('/api/auth/register', {
    data: { username, emailAddress: `${username}@example.com`, password, passwordAgain: password },
  });
  expect(registered.ok()).toBe(true);
  const page = await context.newPage();
  await page.goto(EPISODE);
  await expect(comments(page).getByRole('textbox', { name: 'Yorumunuz' })).toBeVisible();
  await expect(comments(page).getByText('Canlı', { exact: true })).toBeVisible();
  return { context, page };
}

test.describe('comments', () => {
  test('a spoiler comment appears live for another member, hidden until clicked; likes and the deletion follow', async ({ browser }) => {
    test.setTimeout(90_000);
    const a = await memberOnEpisode(browser, 'yazar');
    const b = await memberOnEpisode(browser, 'okur');
    const text = `Final sahnesi inanılmazdı 😂 ${Date.now().toString(36)}`;

    await test.step('A writes a spoiler comment; it shows once for A, marked, never hidden from its author', async () => {
      const composer = comments(a.page);
      await composer.getByRole('textbox', { name: 'Yorumunuz' }).fill(text);
      await composer.getByRole('checkbox', { name: 'Spoiler içeriyor' }).check();
      await composer.getByRole('button', { name: 'Gönder' }).click();
      await expect(composer.getByRole('textbox', { name: 'Yorumunuz' })).toHaveValue('');
      await expect(composer.getByText(text)).toHaveCount(1);
      await expect(composer.getByText('Spoiler olarak işaretlediniz')).toBeVisible();
      await expect(composer.getByRole('button', { name: SPOILER_VEIL })).toHaveCount(0);
      await expect(composer.getByText('1 yorum')).toBeVisible();
    });

    await test.step('B sees it appear without reloading, hidden until clicked', async () => {
      const list = comments(b.page);
      await expect(list.getByRole('button', { name: SPOILER_VEIL })).toHaveCount(1);
      await expect(list.getByText(text)).toHaveCount(0);
      await list.getByRole('button', { name: SPOILER_VEIL }).click();
      await expect(list.getByText(text)).toBeVisible();
    });

    await test.step('B likes it and A sees the count change', async () => {
      const like = comments(b.page).getByRole('button', { name: /Beğen/ });
      await like.click();
      await expect(like).toHaveAttribute('aria-pressed', 'true');
      await expect(like).toContainText('1');
      await expect(comments(a.page).getByRole('button', { name: /Beğen/ })).toContainText('1');
    });

    await test.step('A deletes it after confirming, and it disappears for B', async () => {
      await comments(a.page).getByRole('button', { name: 'Sil' }).click();
      const dialog = a.page.getByRole('dialog', { name: 'Yorumu sil' });
      await expect(dialog).toContainText('Yorumu silmek istediğinize emin misiniz ?');
      await dialog.getByRole('button', { name: 'Evet, sil' }).click();
      await expect(a.page.getByRole('region', { name: 'Bildirimler' })).toContainText('Yorumunuz silindi.');

      await expect(comments(b.page).getByText(text)).toHaveCount(0);
      await expect(comments(b.page).getByText('Henüz yorum yazılmamış. İlk yorumu siz yazın !')).toBeVisible();
    });

    await test.step('cinema mode hides the comments', async () => {
      await b.page.getByRole('button', { name: 'Sinema modu' }).click();
      await expect(comments(b.page)).toBeHidden();
    });

    await a.context.close();
    await b.context.close();
  });

  test("a member's own comment on an episode they have not marked watched stays visible to them on the series page, and hidden from others", async ({ browser }) => {
    test.setTimeout(60_000);
    const a = await memberOnEpisode(browser, 'izlemeyen');
    const b = await memberOnEpisode(browser, 'baskasi');
    const text = `Bu bölümün sonu çok iyiydi ${Date.now().toString(36)}`;

    await comments(a.page).getByRole('textbox', { name: 'Yorumunuz' }).fill(text);
    await comments(a.page).getByRole('button', { name: 'Gönder' }).click();
    // The comment itself: the composer may still hold the text for a moment after it shows.
    await expect(comments(a.page).locator('.comment__text', { hasText: text })).toBeVisible();

    for (const member of [a, b]) await member.page.goto(SERIES);
    await expect(comments(a.page).getByText(text)).toBeVisible();
    await expect(comments(a.page).getByRole('button', { name: UNWATCHED_VEIL })).toHaveCount(0);

    await expect(comments(b.page).getByRole('button', { name: UNWATCHED_VEIL }).first()).toBeVisible();
    await expect(comments(b.page).getByText(text)).toHaveCount(0);

    await a.context.close();
    await b.context.close();
  });
});
