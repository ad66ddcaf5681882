import type { Browser, Locator, Page } from '@playwright/test';
import { createRoomThroughApi, registerThroughApi } from './support/members';
import { expect, test } from './support/test';

/** A laptop's and a phone's window. */
const DESKTOP = { width: 1366, height: 768 };
const PHONE = { width: 360, height: 740 };

/** Demo pages (server/assets/demo/catalog.json); no other test comments on this series, so its comments stay empty. */
const SERIES = '/dizi/lodos-vakti';
const WATCH = '/dizi/lodos-vakti/1-sezon/1-bolum';
/** The room's episode: its first source is an MP4 the player loads. */
const ROOM_EPISODE = '/dizi/cinaralti-sirlari/1-sezon/1-bolum';
/** A demo film with a video group, and its watch page. */
const FILM = '/film/buzdan-kopru';
const FILM_WATCH = '/film/buzdan-kopru/izle';
/** An episode the demo member (README's demo login) watched, with the demo community's comments. */
const COMMUNITY_WATCH = '/dizi/sahin-yuvasi-karakolu/1-sezon/1-bolum';

interface LayoutReport {
  scrollWidth: number;
  innerWidth: number;
  /** Visible elements reaching past the window's right edge. */
  overflowing: string[];
  /** Pairs of visible interactive elements drawn over one another. */
  overlapping: string[];
}

/**
 * Measures the window's view of the page as it is drawn: what reaches past its right edge, and
 * which visible interactive elements overlap (by more than a few square pixels). Only what is in
 * view counts: a part clipped away (the slides a carousel scrolls out of view), scrolled under the
 * sticky header or out of the window is not. An element is never compared with its ancestors or
 * descendants. Left out: the pre-roll ad layer and plyr's big play button, made to lie over the
 * player, and, unless `withFloating`, what floats fixed over the window (the back-to-top button),
 * which the content scrolls under by design.
 */
function measureLayout(withFloating: boolean): LayoutReport {
  const INTERACTIVE = 'a[href], button, input:not([type="hidden"]), select, textarea, [role="button"]';
  const OVER_THE_VIDEO = '.ad-layer, .plyr__control--overlaid';
  const MIN_AREA_PX = 4;
  // The site's sticky header: the page's banner, the one header outside the content.
  const header = [...document.querySelectorAll('header')].find((candidate) => !candidate.closest('main, article, section, aside, nav'));
  const belowHeader = header ? header.getBoundingClientRect().bottom : 0;

  // checkVisibility() also leaves out what the browser skips drawing: the content of a closed <details> (the emoji picker's list).
  const shown = (element: Element) => {
    const style = getComputedStyle(element);
    return element.checkVisibility() && style.visibility !== 'hidden' && style.display !== 'none' && Number(style.opacity) > 0;
  };
  const floating = (element: Element) => {
    for (let node: Element | null = element; node && node !== header; node = node.parentElement) {
      if (getComputedStyle(node).position === 'fixed') return true;
    }
    return false;
  };
  /** The element's box cut to every ancestor that clips its content; null when nothing of it is left. */
  const clippedBox = (element: Element) => {
    let { left, top, right, bottom } = element.getBoundingClientRect();
    for (let ancestor = element.parentElement; ancestor && ancestor !== document.documentElement; ancestor = ancestor.parentElement) {
      const style = getComputedStyle(ancestor);
      if (style.overflowX === 'visible' && style.overflowY === 'visible') continue;
      const clip = ancestor.getBoundingClientRect();
      left = Math.max(left, clip.left);
      top = Math.max(top, clip.top);
      right = Math.min(right, clip.right);
      bottom = Math.min(bottom, clip.bottom);
    }
    return right - left > 0 && bottom - top > 0 ? { left, top, right, bottom } : null;
  };
  /** The part of the element in view: clipped, and within the window below the header (the header's own elements in all of it). */
  const boxInView = (element: Element) => {
    const box = clippedBox(element);
    if (!box) return null;
    const top = Math.max(box.top, header && !header.contains(element) ? belowHeader : 0);
    const bottom = Math.min(box.bottom, window.innerHeight);
    return bottom - top > 0 ? { ...box, top, bottom } : null;
  };
  const describe = (element: Element) => {
    const name = element.getAttribute('aria-label') ?? element.textContent ?? '';
    return `${element.tagName.toLowerCase()}.${element.classList[0] ?? ''} "${name.trim().slice(0, 40)}"`;
  };

  const overflowing: string[] = [];
  for (const element of document.body.querySelectorAll('*')) {
    if (!shown(element)) continue;
    const box = clippedBox(element);
    if (box && box.right > window.innerWidth + 0.5) overflowing.push(`${describe(element)} ends at ${Math.round(box.right)} px`);
  }

  const interactive = [...document.querySelectorAll(INTERACTIVE)]
    .filter((element) => shown(element) && !element.closest(OVER_THE_VIDEO) && (withFloating || !floating(element)))
    .map((element) => ({ element, box: boxInView(element) }))
    .filter((entry): entry is { element: Element; box: NonNullable<ReturnType<typeof boxInView>> } => entry.box !== null);
  const overlapping: string[] = [];
  interactive.forEach((first, index) => {
    for (const second of interactive.slice(index + 1)) {
      if (first.element.contains(second.element) || second.element.contains(first.element)) continue;
      const left = Math.max(first.box.left, second.box.left);
      const right = Math.min(first.box.right, second.box.right);
      const top = Math.max(first.box.top, second.box.top);
      const bottom = Math.min(first.box.bottom, second.box.bottom);
      if (right - left <= 0 || bottom - top <= 0 || (right - left) * (bottom - top) <= MIN_AREA_PX) continue;
      overlapping.push(`${describe(first.element)} and ${describe(second.element)}: ${Math.round(right - left)}×${Math.round(bottom - top)} px`);
    }
  });

  return { scrollWidth: document.scrollingElement!.scrollWidth, innerWidth: window.innerWidth, overflowing, overlapping };
}

/**
 * The text nodes where a "!" or "?" set apart by a space (as Turkish writes it: "yazın !") was
 * wrapped onto a line of its own, away from the word before it.
 */
function strandedMarks(): string[] {
  const stranded: string[] = [];
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode() as Text | null; node; node = walker.nextNode() as Text | null) {
    for (const match of node.data.matchAll(/\S(\s+)[!?]/g)) {
      const word = document.createRange();
      word.setStart(node, match.index);
      word.setEnd(node, match.index + 1);
      const mark = document.createRange();
      const at = match.index + 1 + match[1]!.length;
      mark.setStart(node, at);
      mark.setEnd(node, at + 1);
      const [before, after] = [word.getBoundingClientRect(), mark.getBoundingClientRect()];
      if (before.width > 0 && after.width > 0 && Math.abs(before.top - after.top) > 2) stranded.push(node.data.trim());
    }
  }
  return stranded;
}

/**
 * Asserts the page's layout through the whole page, a window's height at a time from the top to the
 * end; at the end (the back-to-top button shown) with what floats over the window too.
 */
async function expectCleanLayout(page: Page, what: string) {
  const { pageHeight, windowHeight } = await page.evaluate(() => ({ pageHeight: document.scrollingElement!.scrollHeight, windowHeight: window.innerHeight }));
  const stops = Array.from({ length: Math.ceil(pageHeight / windowHeight) }, (_, index) => index * windowHeight);
  for (const [index, y] of stops.entries()) {
    const atEnd = index === stops.length - 1;
    await page.evaluate((top) => window.scrollTo(0, top), atEnd ? pageHeight : y);
    // What follows the scroll (the back-to-top button) is drawn a frame later.
    await page.evaluate(() => new Promise((drawn) => requestAnimationFrame(() => requestAnimationFrame(drawn))));
    const report = await page.evaluate(measureLayout, atEnd);
    const context = `${what} at ${report.innerWidth} px, scrolled to ${atEnd ? 'the end' : `${y} px`}`;
    expect(report.scrollWidth, `${context}: page width`).toBeLessThanOrEqual(report.innerWidth);
    expect(report.overflowing, `${context}: past the right edge`).toEqual([]);
    expect(report.overlapping, `${context}: overlapping controls`).toEqual([]);
  }
  await page.evaluate(() => window.scrollTo(0, 0));
}

/** Two boxes' overlap in pixels (0 when apart). */
async function overlapArea(first: Locator, second: Locator): Promise<number> {
  const [a, b] = [await first.boundingBox(), await second.boundingBox()];
  if (!a || !b) throw new Error('an element to compare is not on the page');
  const width = Math.min(a.x + a.width, b.x + b.width) - Math.max(a.x, b.x);
  const height = Math.min(a.y + a.height, b.y + b.height) - Math.max(a.y, b.y);
  return width > 0 && height > 0 ? width * height : 0;
}

/** A member's room on ROOM_EPISODE, open in a page of its own at `viewport`. */
async function openRoom(browser: Browser, viewport: { width: number; height: number }) {
  const context = await browser.newContext({ viewport });
  await registerThroughApi(context, 'yerlesim');
  const link = await createRoomThroughApi(context, ROOM_EPISODE, 'Buzdan Köprü');
  const page = await context.newPage();
  await page.goto(link);
  await expect(page.locator('.room-status')).toHaveText('Canlı');
  await expect(page.locator('.room-stage .plyr__controls')).toBeVisible();
  return { context, page };
}

test.describe('layout at 1366 px and 360 px', () => {
  for (const viewport of [DESKTOP, PHONE]) {
    test(`nothing overflows the window or covers a control at ${viewport.width} px: home, series, watch, film and room pages`, async ({ page, browser }) => {
      test.setTimeout(60_000);
      await page.setViewportSize(viewport);

      await page.goto('/');
      await expect(page.getByRole('region', { name: 'Öne çıkanlar' })).toBeVisible();
      await expect(page.getByRole('list', { name: 'Popüler' })).toBeVisible();
      await expect(page.getByRole('list', { name: 'En yeni filmler' })).toBeVisible();
      await expect(page.getByRole('list', { name: 'Kanallar' })).toBeVisible();
      await expectCleanLayout(page, 'home');

      await page.goto(SERIES);
      await expect(page.getByRole('list', { name: /bölümleri$/ })).toBeVisible();
      await expectCleanLayout(page, 'series page');

      await page.goto(WATCH);
      await expect(page.getByRole('button', { name: 'Sinema modu' })).toBeVisible();
      await expect(page.getByRole('navigation', { name: 'Bölümler' }).getByRole('link').first()).toBeVisible();
      await expectCleanLayout(page, 'watch page');

      await page.goto(FILM);
      await expect(page.getByRole('link', { name: 'İzle', exact: true })).toBeVisible();
      await expectCleanLayout(page, 'film page');

      await page.goto(FILM_WATCH);
      await expect(page.getByRole('tab', { name: 'Yedek Kaynaklar' })).toBeVisible();
      await expectCleanLayout(page, 'film watch page');

      const room = await openRoom(browser, viewport);
      await expectCleanLayout(room.page, 'room');
      await room.context.close();
    });
  }

  for (const viewport of [DESKTOP, PHONE]) {
    test(`the demo member's pages, with their own rows and marks, stay clean at ${viewport.width} px`, async ({ page }) => {
      test.setTimeout(60_000);
      await page.setViewportSize(viewport);
      const login = await page.request.post('/api/auth/login', { data: { username: 'demo', password: 'seyirlik-demo' } });
      expect(login.ok()).toBe(true);

      await page.goto('/');
      await expect(page.getByRole('region', { name: 'Kaldığın yerden devam et' })).toBeVisible();
      await expect(page.getByRole('list', { name: 'Popüler' })).toBeVisible();
      await expectCleanLayout(page, "the member's home");

      await page.goto(COMMUNITY_WATCH);
      await expect(page.getByRole('checkbox', { name: 'İzledim: 1. Bölüm' })).toBeChecked();
      await expect(page.getByRole('navigation', { name: 'Bölümler' }).getByText('İzlendi').first()).toBeVisible();
      await expect(page.getByRole('region', { name: /^Yorumlar/ }).getByRole('article').first()).toBeVisible();
      await expectCleanLayout(page, "the member's watch page");
    });
  }

  test('cinema mode centres the player at 1366 px', async ({ page }) => {
    await page.setViewportSize(DESKTOP);
    await page.goto(WATCH);
    await page.getByRole('button', { name: 'Sinema modu' }).click();

    const stage = (await page.locator('.watch-stage').boundingBox())!;
    const windowWidth = await page.evaluate(() => document.documentElement.clientWidth);
    const [left, right] = [stage.x, windowWidth - (stage.x + stage.width)];
    expect(Math.abs(left - right), `margins ${left} px and ${right} px`).toBeLessThanOrEqual(1);
  });

  test("at 360 px the episode slider's buttons cover no episode card", async ({ page }) => {
    await page.setViewportSize(PHONE);
    await page.goto(SERIES);
    const slider = page.getByRole('tabpanel');
    const cards = slider.locator('.episode__card');
    await expect(cards.first()).toBeVisible();

    for (const button of [slider.getByRole('button', { name: 'Önceki bölümler' }), slider.getByRole('button', { name: 'Sonraki bölümler' })]) {
      for (const card of await cards.all()) {
        if (!(await card.isVisible())) continue;
        expect(await overlapArea(button, card)).toBe(0);
        expect(await overlapArea(button, card.locator('time'))).toBe(0);
      }
    }
  });

  test('at 360 px the room player keeps its time display beside the progress bar, not over it', async ({ browser }) => {
    const { context, page } = await openRoom(browser, PHONE);
    const controls = page.locator('.room-stage .plyr__controls');

    expect(await overlapArea(controls.locator('.plyr__time--current'), controls.locator('input[data-plyr="seek"]'))).toBe(0);
    expect((await controls.locator('.plyr__progress').boundingBox())!.width).toBeGreaterThanOrEqual(48);
    await context.close();
  });

  test('at phone widths a "!" set apart by a space never wraps onto a line of its own', async ({ page }) => {
    await page.goto(SERIES);
    await expect(page.getByText('Henüz yorum yazılmamış. İlk yorumu siz yazın !')).toBeVisible();

    for (let width = 360; width <= 414; width += 2) {
      await page.setViewportSize({ width, height: 740 });
      expect(await page.evaluate(strandedMarks), `at ${width} px`).toEqual([]);
    }
  });

  for (const viewport of [DESKTOP, PHONE]) {
    test(`at ${viewport.width} px the back-to-top button leaves the footer's live-connection pill uncovered`, async ({ page }) => {
      await page.setViewportSize(viewport);
      await page.goto('/');
      const pill = page.getByRole('contentinfo').getByText('Canlı bağlantı: açık');
      await expect(pill).toBeVisible();

      await page.evaluate(() => window.scrollTo(0, document.scrollingElement!.scrollHeight));
      const backToTop = page.getByRole('button', { name: 'Yukarı çık' });
      await expect(backToTop).toBeVisible();

      expect(await overlapArea(backToTop, pill)).toBe(0);
    });
  }

  test("the room's header keeps a gap between the episode and the live status, and its chat list has no indent", async ({ browser }) => {
    const { context, page } = await openRoom(browser, DESKTOP);
    const episode = (await page.locator('.room-page__episode').boundingBox())!;
    const status = (await page.locator('.room-status').boundingBox())!;
    expect(status.x - (episode.x + episode.width)).toBeGreaterThanOrEqual(8);

    const chat = page.getByRole('region', { name: 'Sohbet' });
    const list = (await chat.getByRole('list').boundingBox())!;
    const empty = (await chat.getByRole('listitem').first().boundingBox())!;
    expect(empty.x).toBe(list.x);
    expect(await chat.getByRole('list').evaluate((element) => getComputedStyle(element).listStyleType)).toBe('none');
    await context.close();
  });
});
