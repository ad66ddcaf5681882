import type { BrowserContext, Page } from '@playwright/test';
import { createRoomThroughApi, registerThroughApi, toasts } from './support/members';
import { expect, test } from './support/test';

/** Demo episodes whose first source is an MP4 of about 8 s (server/assets/demo/catalog.json) that no other spec marks. */
const WATCH_EPISODE = '/dizi/muhtar-hulusi/1-sezon/1-bolum';
const ROOM_EPISODE = '/dizi/kirik-pusula/1-sezon/1-bolum';
/** The intro both tests mark: from the first second to the fifth. */
const INTRO = { startSeconds: 1, endSeconds: 5 };

const panel = (page: Page) => page.getByRole('region', { name: 'Bölüm işaretle' });
const marking = (page: Page) => panel(page).getByRole('listitem', { name: 'Giriş 0:01 – 0:05' });

const currentTime = (page: Page, scope: string) => page.locator(`${scope} video`).first().evaluate((element: HTMLVideoElement) => element.currentTime);

/** The first source of an episode's watch page, as the player picks it. */
async function firstSourceId(context: BrowserContext, episodePath: string): Promise<number> {
  const [, kind, slug, season, episode] = /^\/(\w+)\/([^/]+)\/(\d+)-sezon\/(\d+)-bolum$/.exec(episodePath) ?? [];
  const watch = await context.request.get(`/api/watch/${kind}/${slug}/${season}/${episode}`);
  expect(watch.ok()).toBe(true);
  return ((await watch.json()) as { sources: Array<{ id: number }> }).sources[0]!.id;
}

async function sitThroughAds(page: Page) {
  const ads = page.getByRole('region', { name: 'Reklam' });
  await ads.getByRole('button', { name: 'Reklamı başlat' }).click();
  // The demo's three ads, each skippable after its wait.
  for (let index = 0; index < 3; index += 1) {
    const skip = ads.locator('.ad-layer__skip');
    await expect(skip).toHaveText('Reklamı Geç', { timeout: 10_000 });
    await skip.click();
  }
  await expect(ads).toHaveCount(0);
}

test('three members confirm an intro; a fourth gets "Girişi atla" and lands at its end', async ({ browser }) => {
  test.setTimeout(120_000);
  const contexts = await Promise.all(Array.from({ length: 4 }, () => browser.newContext()));
  const [author, first, second, viewer] = await Promise.all(contexts.map((context) => context.newPage())) as [Page, Page, Page, Page];
  await Promise.all(contexts.map((context, index) => registerThroughApi(context, `atla${index}`)));

  await test.step('the author marks the intro from the player; it needs two more confirmations', async () => {
    await author.goto(WATCH_EPISODE);
    const form = panel(author);
    await form.getByLabel('Tür').selectOption({ label: 'Giriş' });
    await form.getByRole('spinbutton', { name: 'Başlangıç (saniye)' }).fill(String(INTRO.startSeconds));
    await form.getByRole('spinbutton', { name: 'Bitiş (saniye)' }).fill(String(INTRO.endSeconds));
    await form.getByRole('button', { name: 'İşaretle' }).click();
    await expect(toasts(author)).toContainText('İşaretlemeniz kaydedildi');
    await expect(marking(author)).toContainText('1 onay, 0 ret · 2 onay daha gerekli');
    await expect(marking(author)).toContainText('Sizin işaretlemeniz');
  });

  await test.step('two more members confirm it; once agreed, it leaves the list of markings awaiting votes', async () => {
    await first.goto(WATCH_EPISODE);
    await marking(first).getByRole('button', { name: 'Onayla' }).click();
    await expect(marking(first)).toContainText('2 onay, 0 ret · 1 onay daha gerekli');

    await second.goto(WATCH_EPISODE);
    await expect(marking(second)).toContainText('2 onay, 0 ret · 1 onay daha gerekli');
    await marking(second).getByRole('button', { name: 'Onayla' }).click();
    await expect(marking(second)).toHaveCount(0);
    // The author's page hears of it without a reload.
    await expect(marking(author)).toHaveCount(0);
  });

  await test.step('a fourth member watches: "Girişi atla" shows inside the intro and lands at its end', async () => {
    await viewer.goto(WATCH_EPISODE);
    await expect(marking(viewer)).toHaveCount(0);
    await sitThroughAds(viewer);
    const skip = viewer.locator('.watch-player').getByRole('button', { name: 'Girişi atla' });
    await expect(skip).toBeVisible({ timeout: 10_000 });
    expect(await currentTime(viewer, '.watch-player')).toBeLessThan(INTRO.endSeconds);

    await skip.click();
    await expect.poll(() => currentTime(viewer, '.watch-player')).toBeGreaterThanOrEqual(INTRO.endSeconds);
    expect(await currentTime(viewer, '.watch-player')).toBeLessThan(INTRO.endSeconds + 1.5);
    await expect(skip).toHaveCount(0);
  });

  await Promise.all(contexts.map((context) => context.close()));
});

test("in a room, the controller's skip moves everyone; the other member gets no skip button", async ({ browser }) => {
  test.setTimeout(90_000);
  const contextA = await browser.newContext();
  const contextB = await browser.newContext();
  const a = await contextA.newPage();
  const b = await contextB.newPage();
  await registerThroughApi(contextA, 'odaatla');
  const invited = await registerThroughApi(contextB, 'odauye');

  // The controller's own marking is skippable for them at once, before anyone confirms it.
  const sourceId = await firstSourceId(contextA, ROOM_EPISODE);
  const marked = await contextA.request.post(`/api/sources/${sourceId}/skip-segments`, { data: { kind: 'intro', ...INTRO } });
  expect(marked.status()).toBe(201);
  const roomUrl = await createRoomThroughApi(contextA, ROOM_EPISODE, 'Girişsiz izleyelim', [invited.id]);

  await a.goto(roomUrl);
  await b.goto(roomUrl);
  for (const page of [a, b]) {
    await expect(page.locator('.room-status')).toHaveText('Canlı');
    await expect.poll(() => page.locator('.room-stage video').evaluate((element: HTMLVideoElement) => element.readyState)).toBeGreaterThanOrEqual(1);
  }

  await a.locator('.room-stage .plyr__controls [data-plyr="play"]').click();
  const skip = a.locator('.room-stage').getByRole('button', { name: 'Girişi atla' });
  await expect(skip).toBeVisible({ timeout: 10_000 });
  await expect.poll(() => currentTime(b, '.room-stage')).toBeGreaterThan(INTRO.startSeconds);
  await expect(b.locator('.room-stage').getByRole('button', { name: 'Girişi atla' })).toHaveCount(0);

  await skip.click();
  await expect.poll(() => currentTime(a, '.room-stage')).toBeGreaterThanOrEqual(INTRO.endSeconds);
  // B's player follows the seek (the room's ordinary sync), not by playing through the intro.
  await expect.poll(() => currentTime(b, '.room-stage'), { timeout: 2_000 }).toBeGreaterThanOrEqual(INTRO.endSeconds);
  await expect(toasts(b)).toContainText('ileri/geri sardı · 0:05');

  await contextA.close();
  await contextB.close();
});
