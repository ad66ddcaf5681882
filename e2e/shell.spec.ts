import type { Page } from '@playwright/test';
import { expect, test } from './support/test';

const SEARCH = 'Dizi, film veya anime ara';

/** A fixed instant at the given Istanbul wall-clock time (the config runs the browser in Europe/Istanbul). */
const istanbulTime = (hhmm: string) => new Date(`2025-05-19T${hhmm}:00+03:00`);

const mainNavigation = (page: Page) => page.getByRole('navigation', { name: 'Ana menü' });

test.describe('site shell', () => {
  test('shows the header, the left bar and the footer', async ({ page }) => {
    await page.goto('/');

    await expect(page).toHaveTitle('Seyirlik');
    const header = page.getByRole('banner');
    await expect(header.getByRole('link', { name: 'Seyirlik' })).toHaveAttribute('href', '/');
    await expect(header.getByRole('searchbox', { name: SEARCH })).toHaveAttribute(
      'placeholder',
      'Dizi, film veya anime ara...',
    );
    await expect(header.getByRole('button', { name: 'Giriş Yap' })).toBeVisible();
    await expect(header.getByRole('button', { name: 'Menüyü aç' })).toBeHidden();

    await expect(mainNavigation(page).getByRole('link', { name: 'Anasayfa' })).toHaveAttribute(
      'aria-current',
      'page',
    );

    const footer = page.getByRole('contentinfo');
    await expect(footer).toContainText('Seyirlik');
    await expect(footer).toContainText(`© ${new Date().getFullYear()} Seyirlik`);
  });

  for (const [time, greeting] of [
    ['08:00', 'Günaydın'],
    ['21:00', 'İyi akşamlar'],
  ] as const) {
    test(`greets with "${greeting}" at ${time}`, async ({ page }) => {
      await page.clock.setFixedTime(istanbulTime(time));

      await page.goto('/');

      await expect(page.getByRole('heading', { level: 1 })).toHaveText(greeting);
    });
  }

  test('asks for at least three characters before searching', async ({ page }) => {
    await page.goto('/');
    const search = page.getByRole('banner').getByRole('searchbox', { name: SEARCH });

    await search.fill('ku');
    await expect(page.getByText('En az 3 karakter giriniz.')).toBeVisible();

    await search.fill('kurt');
    await expect(page.getByText('En az 3 karakter giriniz.')).toBeHidden();
  });

  test('shows the not-found page for an unknown address and leads back home', async ({ page }) => {
    await page.clock.setFixedTime(istanbulTime('14:00'));
    await page.goto('/boyle-bir-sayfa-yok');

    await expect(page.getByRole('heading', { name: 'Aradığınız sayfa bulunamadı.' })).toBeVisible();
    await expect(page.getByRole('banner')).toBeVisible();

    await page.getByRole('link', { name: 'Anasayfaya dön' }).click();

    await expect(page).toHaveURL('/');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('İyi günler');
  });

  // Runs against the final serving: the shell's status comes from appShellStatus (server/src/platform/http/app-route-status.ts).
  test('answers an unknown address with 404 and the not-found page; a page of the site, known or not yet found, with 200', async ({ page }) => {
    const unknown = await page.goto('/boyle-bir-sayfa-yok/alt-sayfa');

    expect(unknown?.status()).toBe(404);
    await expect(page.getByRole('heading', { name: 'Aradığınız sayfa bulunamadı.' })).toBeVisible();

    expect((await page.goto('/sss'))?.status()).toBe(200);
    expect((await page.goto('/dizi/cinaralti-sirlari/1-sezon/1-bolum'))?.status()).toBe(200);
    // The page exists; only the catalog knows the title is missing, and the page says so.
    expect((await page.goto('/dizi/boyle-bir-dizi-yok'))?.status()).toBe(200);
  });

  test('the login button opens the login modal, which closes with Escape', async ({ page }) => {
    await page.goto('/');
    const loginButton = page.getByRole('banner').getByRole('button', { name: 'Giriş Yap' });

    await loginButton.click();

    const modal = page.getByRole('dialog', { name: 'Giriş Yap' });
    await expect(modal).toBeVisible();
    await expect(modal.getByLabel('Kullanıcı adı veya e-posta')).toBeFocused();
    await expect(modal.getByRole('link', { name: 'Kayıt Ol' })).toHaveAttribute(
      'href',
      '/kayit-ol',
    );
    await expect(modal.getByRole('link', { name: 'Şifremi unuttum' })).toHaveAttribute(
      'href',
      '/sifremi-unuttum',
    );
    await expect(page).toHaveURL('/');

    await page.keyboard.press('Escape');
    await expect(modal).toBeHidden();
    await expect(loginButton).toBeFocused();
  });

  test('connects the live channel', async ({ page }) => {
    await page.goto('/');

    const status = page.getByTestId('socket-status');
    await expect(status).toHaveAttribute('data-status', 'connected');
    await expect(status).toHaveText('Canlı bağlantı: açık');
  });

  test('fits a 360 px phone and opens the mobile menu', async ({ page }) => {
    await page.setViewportSize({ width: 360, height: 740 });
    await page.goto('/');

    await expect(mainNavigation(page)).toBeHidden();
    await expect(page.getByRole('banner').getByRole('searchbox', { name: SEARCH })).toBeHidden();
    await expect(page.getByRole('banner').getByRole('button', { name: 'Giriş Yap' })).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      360,
    );

    const toggle = page.getByRole('button', { name: 'Menüyü aç' });
    await toggle.click();
    const menu = page.getByRole('dialog', { name: 'Menü' });
    await expect(menu).toBeVisible();
    // The panel covers the phone's full height from the left edge (once it has slid in).
    await expect.poll(() => menu.boundingBox()).toMatchObject({ x: 0, y: 0, height: 740 });
    await expect(menu.getByRole('link', { name: 'Anasayfa' })).toBeVisible();
    await menu.getByRole('searchbox', { name: SEARCH }).fill('an');
    await expect(menu.getByText('En az 3 karakter giriniz.')).toBeVisible();

    await page.keyboard.press('Escape');
    await expect(menu).toBeHidden();
    await expect(toggle).toBeFocused();

    await toggle.click();
    await page.getByRole('button', { name: 'Menüyü kapat' }).click();
    await expect(menu).toBeHidden();

    await toggle.click();
    await menu.getByRole('link', { name: 'Anasayfa' }).click();
    await expect(menu).toBeHidden();
  });
});
