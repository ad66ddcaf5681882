import type { Page, WebSocketRoute } from '@playwright/test';
import { createRoomThroughApi, register, registerThroughApi, toasts, uniqueUsername } from './support/members';
import { expect, test } from './support/test';

/** A demo episode whose first source is an MP4 (server/assets/demo/catalog.json); its clip lasts 8 s. */
const EPISODE = '/dizi/cinaralti-sirlari/1-sezon/1-bolum';
const SOCKET_IO = /\/socket\.io\//;

const chat = (page: Page) => page.getByRole('region', { name: 'Sohbet' });
const roomStatus = (page: Page) => page.locator('.room-status');
const video = (page: Page) => page.locator('.room-stage video');

async function say(page: Page, text: string) {
  await chat(page).getByRole('textbox', { name: 'Mesajınızı yazın' }).fill(text);
  await chat(page).getByRole('textbox', { name: 'Mesajınızı yazın' }).press('Enter');
  await expect(chat(page).getByRole('textbox', { name: 'Mesajınızı yazın' })).toHaveValue('');
}

const playerState = (page: Page) =>
  video(page).evaluate((element: HTMLVideoElement) => ({ paused: element.paused, time: element.currentTime }));

interface MediaEvent {
  type: 'play' | 'pause' | 'seeked';
  /** Epoch milliseconds: the pages share the browser's clock. */
  at: number;
  time: number;
}

/**
 * Notes when the room's player plays, pauses and ends a seek. "Within a second" is measured
 * between these moments in the two pages, not by how soon a poll from the test happens to look:
 * a busy machine slows the test's round trips to the browser, not the product.
 */
async function noteMediaEvents(page: Page) {
  await page.evaluate(() => {
    const noted: Array<{ type: string; at: number; time: number }> = [];
    (window as unknown as { mediaEvents: typeof noted }).mediaEvents = noted;
    for (const type of ['play', 'pause', 'seeked']) {
      // Media events do not bubble; a capturing listener on the document still hears them.
      document.addEventListener(
        type,
        (event) => {
          const target = event.target as HTMLElement;
          if (target instanceof HTMLVideoElement && target.closest('.room-stage')) {
            noted.push({ type, at: performance.timeOrigin + performance.now(), time: target.currentTime });
          }
        },
        true,
      );
    }
  });
}

const mediaEvents = (page: Page) =>
  page.evaluate(() => (window as unknown as { mediaEvents: MediaEvent[] }).mediaEvents);

/**
 * The last of `types` noted in `page` from `since` on, once there is one: a player's `currentTime`
 * moves as soon as it is set, and its `seeked` comes when the seek is done, later on a busy machine.
 */
async function lastEvent(page: Page, types: MediaEvent['type'][], since: number) {
  const noted = async () => (await mediaEvents(page)).filter((event) => types.includes(event.type) && event.at >= since);
  await expect.poll(async () => (await noted()).length, { message: `${types.join('/')} after ${since}`, timeout: 5_000 }).toBeGreaterThan(0);
  return (await noted()).at(-1)!;
}

test('two members watch together: invite, live chat, polling while cut off, synced playback', async ({ browser }) => {
  test.setTimeout(90_000);
  const contextA = await browser.newContext();
  const contextB = await browser.newContext();
  const a = await contextA.newPage();
  const b = await contextB.newPage();
  const userA = uniqueUsername('kuran');
  const userB = uniqueUsername('davetli');

  // B's socket goes through this route, so the test can cut it like a network would.
  let cut = false;
  const sockets: WebSocketRoute[] = [];
  await b.routeWebSocket(SOCKET_IO, (socket) => {
    if (cut) {
      void socket.close();
      return;
    }
    socket.connectToServer();
    sockets.push(socket);
  });

  await register(a, userA);
  await register(b, userB);

  let roomUrl = '';
  await test.step('A creates a room from the watch page, inviting B found by search', async () => {
    await a.goto(EPISODE);
    await a.getByRole('button', { name: 'Birlikte izle' }).click();
    const modal = a.getByRole('dialog', { name: 'Birlikte izleme odası kur' });

    await modal.getByRole('button', { name: 'Odayı kur' }).click();
    await expect(modal.getByText('Lütfen oda başlığını yazınız.')).toBeVisible();
    await expect(a).toHaveURL(EPISODE);

    await modal.getByLabel('Oda başlığı').fill('Cuma akşamı');
    await modal.getByRole('searchbox', { name: 'Üye ara' }).fill(userB);
    await modal.getByRole('checkbox', { name: new RegExp(`@${userB}`) }).check();
    await modal.getByRole('button', { name: 'Odayı kur' }).click();

    await expect(a).toHaveURL(/\/oda\/[A-Za-z0-9]{12}$/);
    roomUrl = a.url();
    await expect(a.getByRole('heading', { level: 1 })).toHaveText('Cuma akşamı');
    await expect(roomStatus(a)).toHaveText('Canlı');
  });

  await test.step('B opens the link and both chat live', async () => {
    await b.goto(roomUrl);
    await expect(b.getByRole('heading', { level: 1 })).toHaveText('Cuma akşamı');
    await expect(roomStatus(b)).toHaveText('Canlı');
    await expect(b.getByRole('region', { name: 'Odadakiler' })).toContainText(userA);

    await say(a, 'Herkes hazır mı?');
    await expect(chat(b)).toContainText('Herkes hazır mı?');

    await chat(b).getByRole('textbox', { name: 'Mesajınızı yazın' }).fill('Hazırım!');
    await chat(b).getByRole('button', { name: 'Gönder' }).click();
    await expect(chat(a)).toContainText('Hazırım!');
    await expect(chat(b).getByText('Hazırım!')).toHaveCount(1);
  });

  await test.step("B's socket is cut: B polls and still receives A's messages", async () => {
    cut = true;
    await b.route(SOCKET_IO, (route) => route.abort());
    await Promise.all(sockets.splice(0).map((socket) => socket.close()));
    await expect(roomStatus(b)).toHaveText('Bağlantı koptu, mesajlar 5 saniyede bir yenileniyor');

    await say(a, 'Bunu yoklamayla görmelisin');
    await expect(chat(b)).toContainText('Bunu yoklamayla görmelisin', { timeout: 6_000 });
  });

  await test.step('the socket comes back: B is live again', async () => {
    cut = false;
    await b.unroute(SOCKET_IO);
    await expect(roomStatus(b)).toHaveText('Canlı', { timeout: 10_000 });

    await say(a, 'Yine canlıyız');
    await expect(chat(b)).toContainText('Yine canlıyız');
    await expect(chat(b).getByText('Bunu yoklamayla görmelisin')).toHaveCount(1);
  });

  await test.step("A plays, pauses and seeks; B's player follows within a second", async () => {
    for (const page of [a, b]) {
      await expect.poll(() => video(page).evaluate((element: HTMLVideoElement) => element.readyState)).toBeGreaterThanOrEqual(1);
      await noteMediaEvents(page);
    }
    await a.locator('.room-stage .plyr__controls [data-plyr="play"]').click();
    await expect.poll(async () => (await playerState(b)).paused, { timeout: 5_000 }).toBe(false);
    const played = await lastEvent(a, ['play'], 0);
    expect((await lastEvent(b, ['play'], played.at)).at - played.at).toBeLessThan(1_000);
    await expect.poll(async () => (await playerState(b)).time, { timeout: 3_000 }).toBeGreaterThan(1);

    await a.locator('.room-stage .plyr__controls [data-plyr="play"]').click();
    await expect.poll(async () => (await playerState(a)).paused).toBe(true);
    const paused = await lastEvent(a, ['pause'], played.at);
    await expect
      .poll(async () => {
        const state = await playerState(b);
        return state.paused && Math.abs(state.time - paused.time) < 0.25;
      }, { timeout: 5_000 })
      .toBe(true);
    // B stands where A paused from its pause, or from the seek that put it exactly there.
    expect((await lastEvent(b, ['pause', 'seeked'], paused.at)).at - paused.at).toBeLessThan(1_000);
    await expect(toasts(b)).toContainText(`${userA} durdurdu · 0:0`);

    await video(a).evaluate((element: HTMLVideoElement) => {
      element.currentTime = 5;
    });
    // The second counts from A's seek taking effect (A sends it when its player has seeked).
    await expect.poll(() => video(a).evaluate((element: HTMLVideoElement) => !element.seeking && Math.abs(element.currentTime - 5) < 0.25)).toBe(true);
    const sought = await lastEvent(a, ['seeked'], paused.at);
    await expect
      .poll(async () => {
        const state = await playerState(b);
        return state.paused && Math.abs(state.time - 5) < 0.25;
      }, { timeout: 5_000 })
      .toBe(true);
    expect((await lastEvent(b, ['seeked'], sought.at)).at - sought.at).toBeLessThan(1_000);
    await expect(toasts(b)).toContainText(`${userA} ileri/geri sardı · 0:05`);
  });

  await contextA.close();
  await contextB.close();
});

test("a short seek lands exactly in the other member's player instead of being caught up with a faster rate", async ({ browser }) => {
  test.setTimeout(60_000);
  const contextA = await browser.newContext();
  const contextB = await browser.newContext();
  await registerThroughApi(contextA, 'sarici');
  const guest = await registerThroughApi(contextB, 'izleyici');
  const link = await createRoomThroughApi(contextA, EPISODE, 'Kısa sarma', [guest.id]);
  const a = await contextA.newPage();
  const b = await contextB.newPage();
  for (const page of [a, b]) {
    await page.goto(link);
    await expect(roomStatus(page)).toHaveText('Canlı');
    await expect.poll(() => video(page).evaluate((element: HTMLVideoElement) => element.readyState)).toBeGreaterThanOrEqual(1);
  }

  await a.locator('.room-stage .plyr__controls [data-plyr="play"]').click();
  await expect.poll(async () => (await playerState(b)).paused).toBe(false);
  const gap = async () => Math.abs((await playerState(a)).time - (await playerState(b)).time);
  await expect.poll(gap, { timeout: 3_000 }).toBeLessThan(0.3);
  for (const page of [a, b]) await noteMediaEvents(page);

  // Two seconds ahead: under the 3 s from which drift is sought, but a command, not drift.
  await video(a).evaluate((element: HTMLVideoElement) => {
    element.currentTime += 2;
  });
  await expect.poll(async () => (await mediaEvents(a)).some((event) => event.type === 'seeked')).toBe(true);
  const sought = (await mediaEvents(a)).find((event) => event.type === 'seeked')!;

  // B lands by a seek of its own, within a second of A's, not by a faster rate over seconds.
  await expect.poll(async () => (await mediaEvents(b)).some((event) => event.type === 'seeked' && event.at >= sought.at), { timeout: 5_000 }).toBe(true);
  const landed = await lastEvent(b, ['seeked'], sought.at);
  expect(landed.at - sought.at).toBeLessThan(1_000);
  await expect.poll(gap, { timeout: 3_000 }).toBeLessThan(0.3);
  // A's player stayed where A put it: the room's answer to its own seek is no seek for it.
  expect((await mediaEvents(a)).filter((event) => event.type === 'seeked')).toHaveLength(1);

  await contextA.close();
  await contextB.close();
});
