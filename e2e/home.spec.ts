import type { Locator, Page } from '@playwright/test';
import { expect, test } from './support/test';

/** The demo catalog's channels (server/assets/demo/catalog.json): six, each with titles. */
const DEMO_CHANNELS = 6;
/** A demo series with two numbered trailers, and Atlas TV's three titles. */
const TWO_TRAILERS_TITLE = '/dizi/cinaralti-sirlari';
const ATLAS_TV_TITLES = ['Çınaraltı Sırları', 'Pamuk Eller Oteli', 'Yedinci Kat Acil'];

const latestEpisodes = (page: Page) => page.getByRole('list', { name: 'Son eklenen bölümler' }).getByRole('link');
const channelsTrack = (page: Page) => page.getByRole('region', { name: 'Kanallar' }).getByRole('list', { name: 'Kanallar' });
const filmsTrack = (page: Page) => page.getByRole('region', { name: 'En yeni filmler' }).getByRole('list', { name: 'En yeni filmler' });

/** What a person sees of a carousel: how many slides fit the track whole, and the space between neighbours. */
function measure(track: Locator) {
  return track.evaluate((element) => {
    const box = element.getBoundingClientRect();
    const slides = Array.from(element.children, (slide) => slide.getBoundingClientRect());
    return {
      inView: slides.filter((slide) => slide.left >= box.left - 0.5 && slide.right <= box.right + 0.5).length,
      gaps: [...new Set(slides.slice(1).map((slide, index) => Math.round(slide.left - slides[index]!.right)))],
      widths: [...new Set(slides.map((slide) => Math.round(slide.width)))],
    };
  });
}

const playing = (video: Locator) =>
  expect.poll(() => video.evaluate((element: HTMLVideoElement) => element.currentTime), { timeout: 10_000 }).toBeGreaterThan(0.2);

test.describe('home', () => {
  test('lists the latest episodes and adds a page per click of the load-more button', async ({ page }) => {
    await page.goto('/');
    const episodes = latestEpisodes(page);
    await expect(episodes).toHaveCount(12);
    await expect(episodes.first().locator('img')).toHaveAttribute('loading', 'lazy');
    const firstPage = await episodes.evaluateAll((links) => links.map((link) => link.getAttribute('href')));

    await page.getByRole('button', { name: 'Daha fazla bölüm yükle' }).click();

    await expect(episodes).toHaveCount(24);
    const bothPages = await episodes.evaluateAll((links) => links.map((link) => link.getAttribute('href')));
    expect(bothPages.slice(0, 12)).toEqual(firstPage);
    expect(new Set(bothPages).size).toBe(24);

    await episodes.nth(12).click();
    await expect(page).toHaveURL(bothPages[12]!);
  });

  for (const { width, channels, films } of [
    { width: 1280, channels: 6, films: 3 },
    { width: 800, channels: 3, films: 3 },
    { width: 360, channels: 2, films: 2 },
  ]) {
    test(`shows ${channels} channels and ${films} films at a time, 20 px apart, on a ${width} px wide screen`, async ({ page }) => {
      await page.setViewportSize({ width, height: 900 });
      await page.goto('/');
      await expect(channelsTrack(page).getByRole('listitem')).toHaveCount(DEMO_CHANNELS);
      await expect(filmsTrack(page).getByRole('listitem')).toHaveCount(8);

      expect(await measure(channelsTrack(page))).toEqual({ inView: channels, gaps: [20], widths: [expect.any(Number)] });
      expect(await measure(filmsTrack(page))).toEqual({ inView: films, gaps: [20], widths: [expect.any(Number)] });
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
      expect(overflow).toBe(0);
    });
  }

  test('moves the films carousel a view at a time with its buttons', async ({ page }) => {
    await page.goto('/');
    const track = filmsTrack(page);
    await expect(track.getByRole('listitem')).toHaveCount(8);
    const previous = page.getByRole('button', { name: 'Önceki filmler' });
    const next = page.getByRole('button', { name: 'Sonraki filmler' });
    await expect(previous).toBeDisabled();
    const firstInView = () =>
      track.evaluate((element) => {
        const left = element.getBoundingClientRect().left;
        return Array.from(element.children).findIndex((slide) => slide.getBoundingClientRect().left >= left - 0.5);
      });

    await next.click();
    await expect.poll(firstInView).toBe(3);
    await expect(previous).toBeEnabled();

    await next.click();
    await expect.poll(firstInView).toBe(5);
    await expect(next).toBeDisabled();

    await previous.click();
    await expect.poll(firstInView).toBe(2);
  });

  test('a channel slide opens the discover page filtered by that channel', async ({ page }) => {
    await page.goto('/');

    await page.getByRole('link', { name: 'Atlas TV yapımları' }).click();

    await expect(page).toHaveURL(/\/kesfet\/[A-Za-z0-9_-]+$/);
    const results = page.getByRole('list', { name: 'Sonuçlar' }).getByRole('link');
    await expect(results).toHaveCount(ATLAS_TV_TITLES.length);
    for (const name of ATLAS_TV_TITLES) await expect(results.filter({ hasText: name })).toHaveCount(1);
    await expect(page.getByRole('combobox', { name: 'Kanal' })).toHaveValue('atlas-tv');
  });
});

test.describe('home: the featured slider and the rows below it', () => {
  const slider = (page: Page) => page.getByRole('region', { name: 'Öne çıkanlar' });
  /** Every slide, the hidden ones too (they are out of the accessibility tree). */
  const slides = (page: Page) => slider(page).locator('[aria-roledescription="slide"]');

  test('shows one title at a time over its backdrop, with "İzle" and "Detaylar", moved by its buttons', async ({ page }) => {
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await page.goto('/');
    await expect(slides(page)).toHaveCount(5);
    const first = slides(page).first();
    const second = slides(page).nth(1);
    await expect(first).toBeVisible();
    await expect(second).toBeHidden();
    const name = (await first.getByRole('heading', { level: 2 }).textContent())!;
    await expect(first.locator('img')).toHaveAttribute('src', /^\/media\/backdrops\/.+\.svg$/);
    await expect(first.getByRole('link', { name: 'İzle' })).toHaveAttribute('href', /^\/(dizi|anime|film)\/[^/]+\/(\d+-sezon\/\d+-bolum|izle)$/);

    await slider(page).getByRole('button', { name: 'Sonraki öne çıkan' }).click();

    await expect(second).toBeVisible();
    await expect(first).toBeHidden();
    await slider(page).getByRole('button', { name: `${name} tanıtımını göster` }).click();
    await expect(first).toBeVisible();

    await first.getByRole('link', { name: 'Detaylar' }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(name);
  });

  test('moves on by itself every 8 s, and holds while the visitor points at it', async ({ page }) => {
    await page.clock.install();
    await page.goto('/');
    const [first, second] = [slides(page).first(), slides(page).nth(1)];
    await expect(first).toBeVisible();

    await page.clock.runFor(8_100);
    await expect(second).toBeVisible();
    await expect(first).toBeHidden();

    await slider(page).hover();
    await page.clock.runFor(30_000);
    await expect(second).toBeVisible();
  });

  test('greets in one line above the slider, and lists "Popüler" from what members watch, then genre rows', async ({ page }) => {
    await page.goto('/');

    const greeting = page.getByRole('heading', { level: 1 });
    expect((await greeting.boundingBox())!.height).toBeLessThan(48);
    expect((await greeting.boundingBox())!.y).toBeLessThan((await slider(page).boundingBox())!.y);
    const popular = page.getByRole('list', { name: 'Popüler' }).getByRole('link');
    // The demo community's members watched Şahin Yuvası Karakolu the most.
    await expect(popular.first()).toHaveAttribute('href', '/dizi/sahin-yuvasi-karakolu');
    await expect(page.getByRole('list', { name: 'Dram' }).getByRole('link').first()).toBeVisible();
    await expect(page.getByRole('list', { name: 'Komedi' })).toBeAttached();
  });
});

test.describe('trailer modal', () => {
  test('opens from a title page, plays each numbered trailer in its tab and stops on closing', async ({ page }) => {
    await page.goto(TWO_TRAILERS_TITLE);

    await page.getByRole('button', { name: 'Fragman izle' }).click();

    const dialog = page.getByRole('dialog', { name: 'Çınaraltı Sırları fragmanları' });
    await expect(dialog.getByRole('tab')).toHaveText(['Fragman 1', 'Fragman 2']);
    await expect(dialog.getByRole('tab', { name: 'Fragman 1' })).toHaveAttribute('aria-selected', 'true');
    const video = dialog.locator('video');
    await expect(video).toHaveAttribute('src', '/media/demo/pattern.mp4');
    await playing(video);

    await dialog.getByRole('tab', { name: 'Fragman 2' }).click();

    await expect(dialog.getByRole('tab', { name: 'Fragman 2' })).toHaveAttribute('aria-selected', 'true');
    await expect(video).toHaveCount(1);
    await expect(video).toHaveAttribute('src', '/media/demo/bars.mp4');
    await playing(video);

    await dialog.getByRole('button', { name: 'Pencereyi kapat' }).click();

    await expect(dialog).toBeHidden();
    await expect(page.locator('video')).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Fragman izle' })).toBeFocused();
  });
});
