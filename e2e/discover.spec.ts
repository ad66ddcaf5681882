import { expect, test } from './support/test';

const SEARCH = 'Dizi, film veya anime ara';

/** The demo catalog's titles from 2022 and 2023 (server/assets/demo/catalog.json). */
const TITLES_2022_2023 = 10;

const decodeFilter = (url: string) =>
  JSON.parse(Buffer.from(decodeURIComponent(new URL(url).pathname.split('/')[2]!), 'base64url').toString('utf8'));

test.describe('discover and search', () => {
  test('filters the discover list by years, with the filter in the address', async ({ page }) => {
    await page.goto('/');
    await page.getByRole('navigation', { name: 'Ana menü' }).getByRole('link', { name: 'Keşfet' }).click();

    await expect(page).toHaveURL(/\/kesfet\/W10(=|%3D)$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Keşfet');
    const results = page.getByRole('list', { name: 'Sonuçlar' }).getByRole('listitem');
    await expect(results).toHaveCount(24);

    const yearFrom = page.getByRole('slider', { name: 'En erken yıl' });
    await yearFrom.focus();
    for (let year = 2000; year < 2022; year += 1) await page.keyboard.press('ArrowRight');
    const yearTo = page.getByRole('slider', { name: 'En geç yıl' });
    await yearTo.focus();
    for (let year = new Date().getFullYear(); year > 2023; year -= 1) await page.keyboard.press('ArrowLeft');

    await expect(page).toHaveURL(/\/kesfet\/[A-Za-z0-9_-]+$/);
    expect(decodeFilter(page.url())).toEqual({ year: { from: 2022, to: 2023 } });
    await expect(results).toHaveCount(TITLES_2022_2023);
    for (const text of await results.allTextContents()) expect(text).toMatch(/202[23]/);
    await expect(page.getByRole('button', { name: 'Daha fazla yükle' })).toHaveCount(0);

    await page.reload();
    await expect(page.getByRole('slider', { name: 'En erken yıl' })).toHaveValue('2022');
    await expect(results).toHaveCount(TITLES_2022_2023);
  });

  test('shows a Turkish message and the whole list for a broken filter', async ({ page }) => {
    await page.goto('/kesfet/bozuk-filtre!');

    await expect(page.getByRole('alert')).toContainText('Filtre uygulanmadan tüm içerikler listeleniyor.');
    await expect(page.getByRole('list', { name: 'Sonuçlar' }).getByRole('listitem')).toHaveCount(24);
  });

  test('finds a title typed without Turkish letters and opens it', async ({ page }) => {
    await page.goto('/');
    const search = page.getByRole('banner').getByRole('searchbox', { name: SEARCH });

    await search.fill('sahin yuv');
    const result = page.getByRole('option', { name: /Şahin Yuvası Karakolu/ });
    await expect(result).toContainText('2022 · Dizi');
    await result.click();

    await expect(page).toHaveURL('/dizi/sahin-yuvasi-karakolu');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Şahin Yuvası Karakolu');
  });

  test('opens a result with the keyboard', async ({ page }) => {
    await page.goto('/');
    const search = page.getByRole('banner').getByRole('searchbox', { name: SEARCH });

    await search.fill('ISIK');
    await expect(page.getByRole('option')).toHaveText(['Işıkçının Kızı2024 · Dizi']);
    await search.press('ArrowDown');
    await search.press('Enter');

    await expect(page).toHaveURL('/dizi/isikcinin-kizi');
    await expect(page.getByRole('option')).toHaveCount(0);
  });
});
