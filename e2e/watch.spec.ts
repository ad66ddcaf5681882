import type { Locator, Page } from '@playwright/test';
import { createRoomThroughApi, registerThroughApi } from './support/members';
import { expect, test } from './support/test';

/** A demo episode with an MP4, an HLS, a members-only and an embed source (server/assets/demo/catalog.json). */
const EPISODE = '/dizi/cinaralti-sirlari/1-sezon/1-bolum';
/** The demo's ads wait 5 s (the first ad always), 6 s and 3 s. */
const DEMO_AD_WAITS = [5, 6, 3];

const player = (page: Page) => page.locator('.watch-player');
/** plyr's English labels (and the value it showed for a quality it did not know), none of which may show. */
const ENGLISH = /\b(Captions|Quality|undefined|Settings|Speed|Play|Pause|Mute|Unmute|Enter fullscreen|Exit fullscreen|Go back to previous menu|Current time|Duration|Volume|Seek|Disabled|Enabled)\b/;

/** Every text of the player, shown or read out: its text and its controls' labels. */
const playerWords = (plyr: Locator) =>
  plyr.evaluate((element) => [element.textContent ?? '', ...[...element.querySelectorAll('[aria-label]')].map((labelled) => labelled.getAttribute('aria-label') ?? '')].join(' | '));
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

  test("the player speaks Turkish in the site's colours, its settings menu too", async ({ browser }) => {
    const context = await browser.newContext();
    await registerThroughApi(context, 'oynatici');
    // A room plays the episode in the same player, without the ads in front of it.
    const room = await createRoomThroughApi(context, EPISODE, 'Menü denemesi');
    const page = await context.newPage();
    await page.goto(room);
    const plyr = page.locator('.room-stage .plyr');
    await expect(plyr.locator('.plyr__controls')).toBeAttached();

    await expect(plyr.getByRole('button', { name: 'Oynat' }).first()).toBeAttached();
    await expect(plyr.getByRole('button', { name: 'Tam ekran' })).toBeAttached();
    expect(await playerWords(plyr)).not.toMatch(ENGLISH);
    const brand = await page.evaluate(() => getComputedStyle(document.documentElement).getPropertyValue('--accent').trim());
    expect(await plyr.evaluate((element) => getComputedStyle(element).getPropertyValue('--plyr-color-main').trim())).toBe(brand);
    expect(await plyr.locator('.plyr__control--overlaid').evaluate((button) => getComputedStyle(button).backgroundColor)).toBe('rgb(255, 77, 99)');

    await plyr.hover();
    await plyr.getByRole('button', { name: 'Ayarlar' }).click();
    const speed = plyr.getByRole('menuitem', { name: /^Hız\s*Normal$/ });
    await expect(speed).toBeVisible();
    await speed.click();
    await expect(plyr.getByRole('menuitemradio', { name: 'Normal' })).toBeChecked();
    await expect(plyr.getByRole('button', { name: 'Önceki menüye dön' })).toBeVisible();
    // Back to the first menu, as a keyboard does.
    await page.keyboard.press('ArrowLeft');
    await expect(speed).toBeVisible();
    expect(await playerWords(plyr)).not.toMatch(ENGLISH);
    await page.keyboard.press('Escape');

    // Full screen takes the player's frame, so what is drawn over the video (the skip button, timed comments) stays in front.
    await plyr.hover();
    await plyr.getByRole('button', { name: 'Tam ekran' }).click();
    await expect.poll(() => page.evaluate(() => document.fullscreenElement?.className ?? null)).toContain('watch-player');
    await expect(plyr.getByRole('button', { name: 'Tam ekrandan çık' })).toBeAttached();
    await context.close();
  });

  test('lists the sources as a labelled choice, and the seasons and episodes with drawn thumbnails', async ({ page }) => {
    await page.goto(EPISODE);

    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Çınaraltı Sırları 1. Sezon 1. Bölüm');
    await expect(page.locator('.watch-heading')).toContainText('Yayın tarihi:');
    const members = sources(page).getByRole('button', { name: /Üyelere Özel/ });
    await expect(members).toContainText('Üyelere özel');
    await expect(members).toContainText('360p');
    await expect(sources(page).getByRole('button', { name: /Alternatif Oynatıcı/ })).toContainText('Harici oynatıcı');

    const seasons = page.getByRole('tablist', { name: 'Sezonlar' });
    await expect(seasons.getByRole('tab')).toHaveText(['1. Sezon', '2. Sezon', '3. Sezon']);
    const episodes = page.getByRole('navigation', { name: 'Bölümler' }).getByRole('link');
    await expect(episodes.first()).toHaveAttribute('aria-current', 'page');
    await expect(episodes.first().locator('.episode-thumb img')).toHaveAttribute('src', '/media/backdrops/cinaralti-sirlari.svg');

    await seasons.getByRole('tab', { name: '2. Sezon' }).click();
    await expect(episodes.first()).toHaveAttribute('href', '/dizi/cinaralti-sirlari/2-sezon/1-bolum');
    await episodes.first().click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Çınaraltı Sırları 2. Sezon 1. Bölüm');
  });
});
