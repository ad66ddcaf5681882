import { execFile } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import type { Browser, Page } from '@playwright/test';
import { databaseUrl } from './support/database';
import { expect, test } from './support/test';

const toasts = (page: Page) => page.getByRole('region', { name: 'Bildirimler' });
const CLI = join(__dirname, '..', 'server', 'dist', 'catalog', 'import', 'cli.js');

/** A new member in a browser of their own (badge notices muted: this test counts the request's). */
async function member(browser: Browser, prefix: string): Promise<Page> {
  const context = await browser.newContext();
  const username = `${prefix}${Date.now().toString(36)}${Math.floor(Math.random() * 1000)}`;
  const password = 'istek-sifresi-2025';
  const registered = await context.request.post('/api/auth/register', {
    data: { username, emailAddress: `${username}@example.com`, password, passwordAgain: password },
  });
  expect(registered.ok()).toBe(true);
  expect((await context.request.put('/api/notifications/mutes', { data: { muted: ['badge'] } })).ok()).toBe(true);
  return context.newPage();
}

/** Imports a catalog file holding one film with `name`, as an operator does (`npm run catalog:import`), into the site's database. */
async function importFilm(name: string, slug: string): Promise<void> {
  const file = join(mkdtempSync(join(tmpdir(), 'istek-')), 'katalog.json');
  const episode = {
    number: 1,
    name,
    airAt: '2025-05-01T18:00:00.000Z',
    durationSeconds: 5400,
    sources: [{ name: 'Seyirlik', kind: 'mp4', link: '/media/demo/pattern.mp4', tiers: ['360p'], lock: false, download: true }],
  };
  const catalog = {
    genres: [{ slug: 'dram', name: 'Dram' }],
    channels: [],
    ads: [],
    titles: [{ slug, kind: 'film', name, originalName: name, year: 2024, imdb: 7.1, genres: ['dram'], description: 'İstek üzerine eklendi.', trailers: [], seasons: [{ number: 1, episodes: [episode] }] }],
  };
  writeFileSync(file, JSON.stringify(catalog));
  await promisify(execFile)(process.execPath, [CLI, file], { env: { ...process.env, DATABASE_URL: databaseUrl(), LOG_LEVEL: '' } });
}

test('a member requests a missing film, another upvotes it, a visitor is sent to log in, and the import marks it added and tells both', async ({ browser }) => {
  test.setTimeout(120_000);
  const suffix = Date.now().toString(36);
  const name = `Kayıp Şehir ${suffix}`;
  const slug = `kayip-sehir-${suffix}`;
  const asker = await member(browser, 'isteyen');
  const voter = await member(browser, 'oylayan');
  let requestUrl = '';

  await test.step('the member opens "İstekler", searches, finds nothing, and requests the film', async () => {
    await asker.goto('/');
    await asker.getByRole('link', { name: 'İstekler' }).first().click();
    await expect(asker).toHaveURL(/\/istekler$/);
    await asker.getByRole('searchbox', { name: 'Yapım ara' }).fill(name);
    await expect(asker.getByText('Aradığınız yapım sitede yok. Hemen isteyebilirsiniz.')).toBeVisible();
    await asker.getByRole('button', { name: 'İste' }).click();
    const dialog = asker.getByRole('dialog', { name: 'Yeni istek' });
    await expect(dialog.getByLabel('Yapım adı')).toHaveValue(name);
    await dialog.getByLabel('Tür').selectOption('film');
    await dialog.getByLabel('Afiş adresi (https, isteğe bağlı)').fill('javascript:alert(1)');
    await dialog.getByRole('button', { name: 'İste' }).click();
    await expect(dialog.getByText('Afiş adresi https:// ile başlayan geçerli bir adres olmalıdır.')).toBeVisible();
    await dialog.getByLabel('Afiş adresi (https, isteğe bağlı)').fill('');
    await dialog.getByRole('button', { name: 'İste' }).click();

    await expect(toasts(asker)).toContainText('İsteğiniz alındı.');
    await expect(asker).toHaveURL(/\/istekler\/\d+$/);
    // The list page (its search and list both show the new request) stays until the request's page has loaded.
    await expect(asker.getByRole('searchbox', { name: 'Yapım ara' })).toHaveCount(0);
    await expect(asker.getByRole('article', { name })).toContainText('Bekliyor');
    requestUrl = asker.url();
  });

  await test.step('another member finds the request by search and upvotes it; the row shows the vote', async () => {
    await voter.goto('/istekler');
    await voter.getByRole('searchbox', { name: 'Yapım ara' }).fill(name.slice(0, 8));
    const row = voter.getByRole('region', { name: 'Yapım ara' }).getByRole('article', { name });
    await row.getByRole('button', { name: 'Yukarı oy ver' }).click();
    await expect(row.getByRole('button', { name: 'Yukarı oy ver' })).toHaveAttribute('aria-pressed', 'true');
    await expect(row).toContainText('1 puan');
    await expect(row).toContainText('Yukarı oy verdiniz');
  });

  await test.step('a visitor who votes is told to log in and sent to the login page after 2 s', async () => {
    const visitor = await (await browser.newContext()).newPage();
    await visitor.goto(requestUrl);
    await visitor.getByRole('article', { name }).getByRole('button', { name: 'Aşağı oy ver' }).click();
    await expect(toasts(visitor)).toContainText('İstekte bulunmak ve oy vermek için giriş yapmalısınız.');
    await expect(visitor).toHaveURL(/\/giris-yap/, { timeout: 5_000 });
  });

  await test.step('the film is imported: the request is added, links to the film, and both members are told', async () => {
    await importFilm(name, slug);
    await voter.goto(requestUrl);
    const row = voter.getByRole('article', { name });
    await expect(row).toContainText('Eklendi');
    await expect(row.getByRole('link', { name: 'Yapımın sayfasına git' })).toHaveAttribute('href', `/film/${slug}`);
    for (const page of [asker, voter]) {
      await page.goto('/bildirimler');
      await expect(page.getByText(`İstediğiniz «${name}» artık sitede.`)).toBeVisible();
    }
    await asker.getByRole('main').getByRole('link', { name: new RegExp(`İstediğiniz «${name}»`) }).click();
    await expect(asker).toHaveURL(new RegExp(`/film/${slug}$`));
  });
});
