import type { Locator, Page } from '@playwright/test';
import { expect, test } from './support/test';

/** A demo series and its first two episodes (server/assets/demo/catalog.json). */
const TITLE = '/dizi/cinaralti-sirlari';
const EPISODE = '/dizi/cinaralti-sirlari/1-sezon/1-bolum';
const NEXT_EPISODE = '/dizi/cinaralti-sirlari/1-sezon/2-bolum';
const TITLE_ANSWER = '**/api/titles/dizi/cinaralti-sirlari';
const NEXT_EPISODE_ANSWER = '**/api/watch/dizi/cinaralti-sirlari/1/2';
/** The app's script, the one index.html loads (Vite names it index-<hash>.js). */
const APP_SCRIPT = /\/assets\/index-[^/]+\.js$/;

/**
 * Holds every request matching `url` until `release()`, then lets them all through: a server that
 * takes its time to answer. `arrived` settles when the first one comes.
 */
async function holdRequests(page: Page, url: string | RegExp) {
  let release!: () => void;
  let arrive!: () => void;
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  const arrived = new Promise<void>((resolve) => {
    arrive = resolve;
  });
  await page.route(url, async (route) => {
    arrive();
    await released;
    await route.continue();
  });
  return { arrived, release };
}

/** Where an element stands on the screen, to the pixel. */
async function place(locator: Locator) {
  const box = await locator.boundingBox();
  if (!box) throw new Error('not on the screen');
  return { x: Math.round(box.x), y: Math.round(box.y), width: Math.round(box.width), height: Math.round(box.height) };
}

const bootShell = (page: Page) => page.locator('[data-boot-shell]');
const pageSkeleton = (page: Page) => page.getByRole('main').getByRole('status');

/** Where the shell's hero placeholder stands once it shows the image at `url` (written as the page writes it). */
async function shellHeroShowing(page: Page, url: string) {
  const shellHero = bootShell(page).locator('.boot-hero');
  await expect(shellHero).toHaveCSS('background-image', new RegExp(`${url.replace(/[.]/g, '\\.')}"?\\)$`));
  return place(shellHero);
}

test.describe('first paint', () => {
  for (const { width, phone } of [
    { width: 360, phone: true },
    { width: 1366, phone: false },
  ]) {
    test(`shows the header and a page skeleton before the app's script runs, ${width} px wide`, async ({ page }) => {
      await page.setViewportSize({ width, height: 800 });
      await page.route(APP_SCRIPT, (route) => route.abort());

      await page.goto('/');

      const shell = bootShell(page);
      const header = shell.getByRole('banner');
      await expect(header).toBeVisible();
      await expect(header.getByRole('link', { name: 'Seyirlik' })).toHaveAttribute('href', '/');
      expect((await place(header)).height).toBe(64);
      await expect(shell.locator('.boot-main')).toBeVisible();
      await expect(shell.locator('.boot-menu')).toBeVisible({ visible: phone });
      await expect(shell.locator('.boot-bar')).toBeVisible({ visible: !phone });
      await expect(page.locator('.shell')).toHaveCount(0);
    });

    test(`on the home page, shows the first slide's backdrop in the slider's box before the app's script runs, ${width} px wide`, async ({ page }) => {
      await page.setViewportSize({ width, height: 800 });
      const home = (await (await page.request.get('/api/home')).json()) as { featured: Array<{ backdropUrl: string }> };
      const backdrop = home.featured[0]!.backdropUrl;
      const script = await holdRequests(page, APP_SCRIPT);

      await page.goto('/', { waitUntil: 'commit' });

      const shellBox = await shellHeroShowing(page, backdrop);

      script.release();

      const slide = page.locator('.featured-slide[data-active] .featured-slide__backdrop');
      await expect(slide).toHaveAttribute('src', backdrop);
      await expect(bootShell(page)).toHaveCount(0);
      const { x, width: boxWidth, height } = await place(slide);
      expect({ x, width: boxWidth, height }).toEqual({ x: shellBox.x, width: shellBox.width, height: shellBox.height });
    });

    test(`on a title page, shows its backdrop in the hero's band before the app's script runs, where the page then draws it, ${width} px wide`, async ({ page }) => {
      await page.setViewportSize({ width, height: 800 });
      const title = (await (await page.request.get('/api/titles/dizi/cinaralti-sirlari')).json()) as { backdropUrl: string | null };
      const backdrop = title.backdropUrl ?? '/media/backdrops/cinaralti-sirlari.svg';
      const script = await holdRequests(page, APP_SCRIPT);

      await page.goto(TITLE, { waitUntil: 'commit' });

      const shellBox = await shellHeroShowing(page, backdrop);

      script.release();

      const pageBackdrop = page.locator('.title-page__backdrop');
      await expect(pageBackdrop).toHaveAttribute('src', backdrop);
      await expect(bootShell(page)).toHaveCount(0);
      expect(await place(pageBackdrop)).toEqual(shellBox);
    });

    test(`on a watch page, shows the first ad's cover in the player's box before the app's script runs, ${width} px wide`, async ({ page }) => {
      await page.setViewportSize({ width, height: 800 });
      const watch = (await (await page.request.get('/api/watch/dizi/cinaralti-sirlari/1/1')).json()) as { ads: Array<{ image: string | null }> };
      const cover = watch.ads[0]!.image!;
      const script = await holdRequests(page, APP_SCRIPT);

      await page.goto(EPISODE, { waitUntil: 'commit' });

      const shellBox = await shellHeroShowing(page, encodeURI(cover));

      script.release();

      const adCover = page.locator('.ad-layer__cover');
      await expect(adCover).toBeVisible();
      await expect(bootShell(page)).toHaveCount(0);
      const coverBox = await place(adCover);
      if (phone) {
        expect({ x: coverBox.x, width: coverBox.width, height: coverBox.height }).toEqual({ x: shellBox.x, width: shellBox.width, height: shellBox.height });
      } else {
        // On a wide screen the timed comments' lane may stand beside the player: the shell's box takes the whole column.
        expect(coverBox.x).toBe(shellBox.x);
        expect(coverBox.width).toBeLessThanOrEqual(shellBox.width);
        expect(coverBox.height).toBeLessThanOrEqual(shellBox.height);
      }
    });

    test(`draws the app's header where the shell's stood, ${width} px wide`, async ({ page }) => {
      await page.setViewportSize({ width, height: 800 });
      const script = await holdRequests(page, APP_SCRIPT);
      await page.goto(TITLE, { waitUntil: 'commit' });
      const shellHeader = bootShell(page).getByRole('banner');
      await expect(shellHeader).toBeVisible();
      const shellPlaces = {
        header: await place(shellHeader),
        logo: await place(shellHeader.getByRole('link', { name: 'Seyirlik' })),
      };

      script.release();

      await expect(page.getByRole('heading', { level: 1 })).toHaveText('Çınaraltı Sırları');
      await expect(bootShell(page)).toHaveCount(0);
      const header = page.getByRole('banner');
      expect({ header: await place(header), logo: await place(header.getByRole('link', { name: 'Seyirlik' })) }).toEqual(shellPlaces);
    });
  }

  test("a title opened directly keeps the shell's skeleton until its answer arrives, then shows the title", async ({ page }) => {
    const titleAnswer = await holdRequests(page, TITLE_ANSWER);

    await page.goto(TITLE, { waitUntil: 'commit' });

    await expect(bootShell(page).locator('.boot-main')).toBeVisible();
    // The app has started and asked for the title: the shell still stands.
    await titleAnswer.arrived;
    await expect(bootShell(page).locator('.boot-main')).toBeVisible();
    await expect(page.getByRole('heading', { level: 1 })).toHaveCount(0);

    titleAnswer.release();

    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Çınaraltı Sırları');
    await expect(bootShell(page)).toHaveCount(0);
  });

  test("a page opened directly asks for its data and its page's code while the app's script is still on its way, and the app takes that answer", async ({
    page,
  }) => {
    const titleReads: string[] = [];
    page.on('request', (request) => {
      if (new URL(request.url()).pathname === '/api/titles/dizi/cinaralti-sirlari') titleReads.push(request.url());
    });
    const script = await holdRequests(page, APP_SCRIPT);

    await page.goto(TITLE, { waitUntil: 'commit' });

    await script.arrived;
    await expect.poll(() => titleReads.length).toBe(1);
    await expect(page.locator('head link[rel="modulepreload"][href^="/assets/dizi._slug-"]')).toHaveCount(1);
    await expect(page.locator('head link[rel="preload"][as="style"]').first()).toBeAttached();
    await expect(bootShell(page)).toBeVisible();

    script.release();

    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Çınaraltı Sırları');
    await expect(page.getByRole('region', { name: /Yorumlar/ }).getByRole('button', { name: 'En yeni' })).toBeVisible();
    expect(titleReads).toHaveLength(1);
  });

  test('the title and watch pages show their skeletons while their answers are on the way, then the page', async ({ page }) => {
    await page.goto(EPISODE);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Çınaraltı Sırları 1. Sezon 1. Bölüm');

    const titleAnswer = await holdRequests(page, TITLE_ANSWER);
    await page.getByRole('link', { name: 'Yapım sayfası' }).click();

    const titleSkeleton = pageSkeleton(page);
    await expect(titleSkeleton).toHaveAttribute('aria-busy', 'true');
    await expect(titleSkeleton.locator('.title-page__hero .title-page__poster')).toBeVisible();
    await expect(page.getByRole('heading', { level: 1 })).toHaveCount(0);
    titleAnswer.release();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Çınaraltı Sırları');
    await expect(page).toHaveURL(TITLE);
    await expect(pageSkeleton(page)).toHaveCount(0);

    // An episode not seen yet: one seen before shows at once from what was read then.
    const episodeAnswer = await holdRequests(page, NEXT_EPISODE_ANSWER);
    await page.locator(`a[href="${NEXT_EPISODE}"]`).first().click();

    const watchSkeleton = pageSkeleton(page);
    await expect(watchSkeleton).toHaveAttribute('aria-busy', 'true');
    await expect(watchSkeleton.locator('.watch-stage .watch-player')).toBeVisible();
    await expect(page.getByRole('heading', { level: 1 })).toHaveCount(0);
    episodeAnswer.release();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Çınaraltı Sırları 1. Sezon 2. Bölüm');
    await expect(page).toHaveURL(NEXT_EPISODE);
    await expect(pageSkeleton(page)).toHaveCount(0);
  });
});
