import type { Page } from '@playwright/test';
import { expect, test } from './support/test';

/** A demo episode with an MP4, an HLS, a members-only and an embed source (server/assets/demo/catalog.json). */
const EPISODE = '/dizi/cinaralti-sirlari/1-sezon/1-bolum';
/** The demo's ads wait 5 s (the first ad always), 6 s and 3 s. */
const DEMO_AD_WAITS = [5, 6, 3];

const player = (page: Page) => page.locator('.watch-player');
const sources = (page: Page) => page.getByRole('region', { name: 'Alternatif kaynaklar' });

/** The player's current time, read twice a second apart: it advances while the clip plays. */
async function expectPlaying(page: Page) {
  const video = player(page).locator('video');
  await expect.poll(() => video.evaluate((element: HTMLVideoElement) => element.currentTime), { timeout: 10_000 }).toBeGreaterThan(0.5);
  const before = await video.evaluate((element: HTMLVideoElement) => element.currentTime);
  await expect.poll(() => video.evaluate((element: HTMLVideoElement) => element.currentTime), { timeout: 5_000 }).toBeGreaterThan(before);
}

test.describe('watch page', () => {
  test('a visitor sits through the ads, watches, switches sources and uses cinema mode', async ({ page }) => {
    test.setTimeout(90_000);
    await page.goto(EPISODE);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Çınaraltı Sırları 1. Sezon 1. Bölüm');

    const ads = page.getByRole('region', { name: 'Reklam' });
    await ads.getByRole('button', { name: 'Reklamı başlat' }).click();
    for (const wait of DEMO_AD_WAITS) {
      const skip = ads.locator('.ad-layer__skip');
      await expect(skip).toHaveText(`${wait} sn sonra geçebilirsiniz`);
      await expect(skip).toBeDisabled();
      await expect(skip).toHaveText('Reklamı Geç', { timeout: (wait + 2) * 1000 });
      await expect(skip).toBeEnabled();
      await skip.click();
    }
    await expect(ads).toHaveCount(0);
    await expectPlaying(page);

    await sources(page).getByRole('button', { name: /Seyirlik HLS/ }).click();
    await expect(sources(page).getByRole('button', { name: /Seyirlik HLS/ })).toHaveAttribute('aria-pressed', 'true');
    await expectPlaying(page);

    await sources(page).getByRole('button', { name: /Alternatif Oynatıcı/ }).click();
    await expect(player(page).locator('iframe')).toHaveAttribute('src', '/embed/demo/bars');
    await expect(page.frameLocator('.watch-player iframe').locator('video')).toHaveAttribute('src', '/media/demo/bars.mp4');

    await sources(page).getByRole('button', { name: /Üyelere Özel/ }).click();
    const login = page.getByRole('dialog', { name: 'Giriş Yap' });
    await expect(login).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(login).toHaveCount(0);

    await page.getByRole('button', { name: 'Sinema modu' }).click();
    await expect(page.getByRole('button', { name: 'Sinema modundan çık' })).toHaveAttribute('aria-pressed', 'true');
    await expect(page.locator('.left-bar')).toBeHidden();
    await expect(page.getByRole('navigation', { name: 'Bölümler' })).toBeHidden();
    await expect(sources(page)).toBeHidden();

    await player(page).click();
    await expect(page.getByRole('button', { name: 'Sinema modundan çık' })).toBeVisible();

    await page.mouse.click(5, 400);
    await expect(page.getByRole('button', { name: 'Sinema modu' })).toHaveAttribute('aria-pressed', 'false');
    await expect(page.getByRole('navigation', { name: 'Bölümler' })).toBeVisible();
  });

  test('moves to the next and previous episode', async ({ page }) => {
    await page.goto(EPISODE);
    await page.getByRole('link', { name: 'Sonraki Bölüm' }).click();
    await expect(page).toHaveURL('/dizi/cinaralti-sirlari/1-sezon/2-bolum');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Çınaraltı Sırları 1. Sezon 2. Bölüm');
    await page.getByRole('link', { name: 'Önceki Bölüm' }).click();
    await expect(page).toHaveURL(EPISODE);
  });
});
