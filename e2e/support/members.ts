import { expect, type BrowserContext, type Page } from '@playwright/test';

/** The toasts' live region. */
export const toasts = (page: Page) => page.getByRole('region', { name: 'Bildirimler' });

/** A user name no earlier run has taken (letters and digits, starting with a letter). */
export const uniqueUsername = (prefix: string) => `${prefix}${Date.now().toString(36)}${Math.floor(Math.random() * 1000)}`;

/** Registers `username` through the register page, as a person does, and waits for the welcome. */
export async function register(page: Page, username: string, password = 'uye-sifresi-2025') {
  await page.goto('/kayit-ol');
  await page.getByLabel('Kullanıcı adı').fill(username);
  await page.getByLabel('E-posta adresi').fill(`${username}@example.com`);
  await page.getByLabel('Şifre', { exact: true }).fill(password);
  await page.getByLabel('Şifre (tekrar)').fill(password);
  await page.getByRole('main').getByRole('button', { name: 'Kayıt Ol' }).click();
  await expect(toasts(page)).toContainText('Kaydınız tamamlandı, hoş geldiniz !');
}

/**
 * Registers a new member through the JSON API in `context` (its cookies then carry the session): a
 * test's setup, quicker than the form, for tests about something else. Answers the member's card.
 */
export async function registerThroughApi(context: BrowserContext, prefix: string, password = 'uye-sifresi-2025'): Promise<{ id: number; username: string }> {
  const username = uniqueUsername(prefix);
  const registered = await context.request.post('/api/auth/register', {
    data: { username, emailAddress: `${username}@example.com`, password, passwordAgain: password },
  });
  expect(registered.ok()).toBe(true);
  return { id: ((await registered.json()) as { user: { id: number } }).user.id, username };
}

/**
 * Creates a watch-together room through the JSON API, as the member of `context`, on the episode
 * of a series' watch page (`/dizi/{slug}/{season}-sezon/{episode}-bolum`), inviting `inviteIds`.
 * Answers the room's address.
 */
export async function createRoomThroughApi(context: BrowserContext, episodePath: string, title: string, inviteIds: number[] = []): Promise<string> {
  const [, kind, slug, season, episode] = /^\/(\w+)\/([^/]+)\/(\d+)-sezon\/(\d+)-bolum$/.exec(episodePath) ?? [];
  const watch = await context.request.get(`/api/watch/${kind}/${slug}/${season}/${episode}`);
  expect(watch.ok()).toBe(true);
  const episodeId = ((await watch.json()) as { episode: { id: number } }).episode.id;
  const created = await context.request.post('/api/rooms', { data: { episodeId, title, invite: inviteIds } });
  expect(created.ok()).toBe(true);
  return ((await created.json()) as { link: string }).link;
}
