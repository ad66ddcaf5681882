import type { Page } from '@playwright/test';
import sharp from 'sharp';
import { register, toasts, uniqueUsername } from './support/members';
import { expect, test } from './support/test';

const post = (page: Page, text: string) => page.locator('article', { hasText: text });



test('a member creates a group with a poll, another joins and votes, and the owner sees the result change live', async ({ browser }) => {
  test.setTimeout(120_000);
  const owner = await (await browser.newContext()).newPage();
  const joiner = await (await browser.newContext()).newPage();
  await register(owner, uniqueUsername('kurucu'));
  await register(joiner, uniqueUsername('izleyici'));
  const name = `Gece Dizileri ${Date.now().toString(36)}`;
  const question = 'Bu haftanın en iyi bölümü hangisi?';

  await test.step('the owner opens "Gruplar", creates a group with a poster, sees the confetti and lands on its page', async () => {
    await owner.getByRole('link', { name: 'Gruplar' }).first().click();
    await expect(owner).toHaveURL(/\/gruplar$/);
    await owner.getByRole('button', { name: 'Grup oluştur' }).click();
    const dialog = owner.getByRole('dialog', { name: 'Yeni grup' });
    await dialog.getByRole('button', { name: 'Grup oluştur' }).click();
    await expect(dialog.getByText('Lütfen grup adını yazınız.')).toBeVisible();
    await dialog.getByLabel('Grup adı').fill(name);
    await dialog.getByLabel('Slogan').fill('Gece yarısı maratonları');
    await dialog.getByLabel('Açıklama').fill('Her hafta yeni bölümleri birlikte konuşuyoruz.');
    const poster = await sharp({ create: { width: 400, height: 400, channels: 3, background: '#8e44ad' } }).png().toBuffer();
    await dialog.getByLabel('Grup görseli').setInputFiles({ name: 'poster.png', mimeType: 'image/png', buffer: poster });
    await dialog.getByRole('button', { name: 'Grup oluştur' }).click();

    await expect(toasts(owner)).toContainText('Grubunuz oluşturuldu.');
    await expect(owner.locator('.confetti')).toHaveCount(1);
    await expect(owner).toHaveURL(/\/grup\/gece-dizileri-[a-z0-9-]+$/);
    await expect(owner.getByRole('heading', { name })).toBeVisible();
    await expect(owner.getByRole('button', { name: 'Grubu yönet' })).toBeVisible();
  });

  await test.step('the owner asks a poll in the group and shows its results', async () => {
    await owner.getByRole('button', { name: 'Anket' }).click();
    await owner.getByLabel('Anket sorusu').fill(question);
    await owner.getByLabel('1. cevap').fill('Birinci bölüm');
    await owner.getByLabel('2. cevap').fill('İkinci bölüm');
    await owner.getByRole('button', { name: 'Paylaş' }).click();
    await expect(toasts(owner)).toContainText('Gönderiniz paylaşıldı.');
    const poll = post(owner, question);
    await poll.getByRole('button', { name: 'Sonuçları göster' }).click();
    await expect(poll.getByText('0 oy')).toBeVisible();
  });

  await test.step('the other member finds the group by search, joins it and votes', async () => {
    await joiner.goto('/gruplar');
    const searched = joiner.waitForResponse((response) => response.url().includes('/api/groups?') && response.url().includes('q='));
    await joiner.getByRole('searchbox', { name: 'Gruplarda ara' }).fill(name.slice(0, 12).toLocaleUpperCase('tr-TR'));
    await searched;
    // The list shown before the search stays until its answer is in; the card is taken from the searched list.
    await expect(joiner.getByRole('list', { name: 'Gruplar listesi' })).toHaveAttribute('aria-busy', 'false');
    await joiner.getByRole('link', { name: new RegExp(name) }).click();
    await expect(joiner.getByRole('heading', { name })).toBeVisible();
    await joiner.getByRole('button', { name: 'Katıl', exact: true }).click();
    await expect(toasts(joiner)).toContainText('Gruba katıldınız.');
    await expect(joiner.getByRole('button', { name: 'Ayrıl', exact: true })).toBeVisible();
    const poll = post(joiner, question);
    await poll.getByLabel('İkinci bölüm').check();
    await poll.getByRole('button', { name: 'Oy ver' }).click();
    await expect(poll.getByText('1 oy')).toBeVisible();
    await expect(poll.getByRole('button', { name: 'Oy ver' })).toHaveCount(0);
  });

  await test.step('the owner sees the result change live, without reloading', async () => {
    const poll = post(owner, question);
    await expect(poll.getByText('1 oy')).toBeVisible();
    await expect(poll.locator('.poll__result', { hasText: 'İkinci bölüm' })).toContainText('1 (%100)');
    await expect(owner.getByText('2 üye').first()).toBeVisible();
  });

  await test.step('#manage opens the edit modal for the owner only', async () => {
    const address = owner.url();
    await joiner.goto(`${address}#manage`);
    await expect(joiner.getByRole('heading', { name })).toBeVisible();
    await expect(joiner.getByRole('dialog', { name: 'Grubu düzenle' })).toHaveCount(0);
    await owner.goto(`${address}#manage`);
    await expect(owner.getByRole('dialog', { name: 'Grubu düzenle' })).toBeVisible();
  });
});

test('a member reacts to another member’s flow post and its author sees the new reaction appear live', async ({ browser }) => {
  test.setTimeout(90_000);
  const author = await (await browser.newContext()).newPage();
  const reader = await (await browser.newContext()).newPage();
  await register(author, uniqueUsername('yazan'));
  await register(reader, uniqueUsername('begenen'));
  const text = `Tepkiler canlı mı ${Date.now().toString(36)}`;

  await author.goto('/akis');
  await author.getByRole('textbox', { name: 'Neler düşünüyorsunuz?' }).fill(text);
  await author.getByRole('button', { name: 'Paylaş' }).click();
  await expect(toasts(author)).toContainText('Gönderiniz paylaşıldı.');
  await expect(post(author, text).getByLabel('Bayıldım: 1')).toHaveCount(0);

  await reader.goto('/akis');
  await post(reader, text).getByRole('button', { name: 'Bayıldım' }).click();
  await expect(post(reader, text).getByLabel('Bayıldım: 1')).toBeVisible();

  await expect(post(author, text).getByLabel('Bayıldım: 1')).toBeVisible();
});
