import type { Page } from '@playwright/test';
import sharp from 'sharp';
import { register, toasts, uniqueUsername } from './support/members';
import { expect, test } from './support/test';

const post = (page: Page, text: string) => page.locator('article', { hasText: text });


/** A real photo of one colour, as a member's camera would give (PNG, a few hundred pixels). */
const photo = async (name: string, background: string) => ({
  name,
  mimeType: 'image/png',
  buffer: await sharp({ create: { width: 480, height: 320, channels: 3, background } }).png().toBuffer(),
});


test('a member posts text with two photos, another sees the new-post bar live, and the author edits the text and removes a photo', async ({ browser }) => {
  test.setTimeout(90_000);
  const author = await (await browser.newContext()).newPage();
  const reader = await (await browser.newContext()).newPage();
  await register(author, uniqueUsername('yazar'));
  await register(reader, uniqueUsername('okur'));
  const text = `Akışta ilk gönderim ${Date.now().toString(36)}`;

  await test.step('both open the flow from the "Akış" link', async () => {
    for (const page of [author, reader]) {
      await page.getByRole('link', { name: 'Akış' }).first().click();
      await expect(page).toHaveURL(/\/akis$/);
      await expect(page.getByRole('heading', { name: 'Akış' })).toBeVisible();
    }
  });

  await test.step('the author writes a text with two photos, previewed, and shares it', async () => {
    await author.getByRole('textbox', { name: 'Neler düşünüyorsunuz?' }).fill(`${text}\n<b>ikinci satır</b>`);
    await author.getByLabel('Fotoğraf ekle').setInputFiles([await photo('kirmizi.png', '#c0392b'), await photo('mavi.png', '#2c3e50')]);
    await expect(author.getByRole('img', { name: 'kirmizi.png' })).toBeVisible();
    await expect(author.getByRole('img', { name: 'mavi.png' })).toBeVisible();
    await expect(author.getByText('2/4 fotoğraf')).toBeVisible();
    await author.getByRole('button', { name: 'Paylaş' }).click();

    await expect(toasts(author)).toContainText('Gönderiniz paylaşıldı.');
    await expect(author.getByRole('textbox', { name: 'Neler düşünüyorsunuz?' })).toHaveValue('');
    const shared = post(author, text);
    await expect(shared.locator('.flow-post__text')).toHaveText(`${text}\n<b>ikinci satır</b>`);
    await expect(shared.locator('img[src^="/media/"]')).toHaveCount(2);
  });

  await test.step('the reader sees the "1 yeni gönderi" bar appear live, and the post on clicking it', async () => {
    const bar = reader.getByRole('button', { name: '1 yeni gönderi' });
    await expect(bar).toBeVisible();
    await expect(post(reader, text)).toHaveCount(0);
    await bar.click();
    await expect(bar).toBeHidden();
    await expect(post(reader, text).locator('img[src^="/media/"]')).toHaveCount(2);
    await expect(post(reader, text).getByRole('button', { name: 'Düzenle' })).toHaveCount(0);
  });

  await test.step('the author edits the text and removes one of the photos', async () => {
    await post(author, text).getByRole('button', { name: 'Düzenle' }).click();
    const dialog = author.getByRole('dialog', { name: 'Gönderiyi düzenle' });
    await dialog.getByRole('button', { name: 'Fotoğrafı kaldır' }).first().click();
    await expect(toasts(author)).toContainText('Fotoğraf silindi.');
    await expect(dialog.getByRole('button', { name: 'Fotoğrafı kaldır' })).toHaveCount(1);
    await dialog.getByRole('textbox').fill(`${text} (düzeltildi)`);
    await dialog.getByRole('button', { name: 'Kaydet' }).click();

    await expect(toasts(author)).toContainText('Gönderiniz güncellendi.');
    await expect(dialog).toBeHidden();
    const edited = post(author, `${text} (düzeltildi)`);
    await expect(edited.locator('.flow-post__text')).toHaveText(`${text} (düzeltildi)`);
    await expect(edited.getByText('(düzenlendi)')).toBeVisible();
    await expect(edited.locator('img[src^="/media/"]')).toHaveCount(1);
  });

  await test.step('the reader’s copy follows the edit live', async () => {
    const seen = post(reader, `${text} (düzeltildi)`);
    await expect(seen.locator('.flow-post__text')).toHaveText(`${text} (düzeltildi)`);
    await expect(seen.locator('img[src^="/media/"]')).toHaveCount(1);
  });
});
