import type { Browser, Page } from '@playwright/test';
import { registerThroughApi, toasts } from './support/members';
import { expect, test } from './support/test';

/** A demo episode (server/assets/demo/catalog.json) whose first source is an 8 s MP4, timed by no other browser test. */
const EPISODE = '/dizi/lodos-vakti/1-sezon/4-bolum';
/** The demo's ads wait 5 s (the first ad always), 6 s and 3 s. */
const DEMO_AD_WAITS = [5, 6, 3];

const lane = (page: Page) => page.getByRole('complementary', { name: 'Zamanlı yorumlar' });

async function member(browser: Browser, prefix: string): Promise<Page> {
  const context = await browser.newContext();
  await registerThroughApi(context, prefix);
  return context.newPage();
}

async function sitThroughAds(page: Page) {
  const ads = page.getByRole('region', { name: 'Reklam' });
  await ads.getByRole('button', { name: 'Reklamı başlat' }).click();
  for (const wait of DEMO_AD_WAITS) {
    const skip = ads.locator('.ad-layer__skip');
    await expect(skip).toHaveText(`${wait} sn sonra geçebilirsiniz`);
    await expect(skip).toHaveText('Reklamı Geç', { timeout: (wait + 2) * 1000 });
    await skip.click();
  }
  await expect(ads).toHaveCount(0);
}

test('a member pins a comment at 0:03; another, playing from the start, sees it appear at 0:03 and not before', async ({ browser }) => {
  test.setTimeout(120_000);
  const text = `Tam burada başlıyor ${Date.now().toString(36)}`;
  const pinner = await member(browser, 'zamanli');
  const viewer = await member(browser, 'izleyen');

  await test.step('A opens the episode at 0:03 and pins a comment to that second', async () => {
    await pinner.goto(`${EPISODE}?t=3`);
    await expect(lane(pinner).getByText('0:03 anına eklenecek')).toBeVisible();
    await lane(pinner).getByRole('textbox', { name: 'Zamanlı yorumunuz' }).fill(text);
    await lane(pinner).getByRole('button', { name: 'Bu saniyeye yorum ekle' }).click();
    await expect(toasts(pinner)).toContainText('Yorumunuz bu saniyeye eklendi.');
    await expect(lane(pinner).getByRole('listitem').filter({ hasText: text })).toContainText('0:03');
  });

  await test.step('B plays the episode from the start: nothing before 0:03, the comment at 0:03', async () => {
    await viewer.goto(EPISODE);
    await expect(lane(viewer).getByText('Bu ana kadar zamanlı yorum yok.')).toBeVisible();
    // Notes the player's time at the moment the comment enters the page, however briefly. The
    // video is looked up then: the lane shows from the first paint, before the player attaches one.
    await viewer.evaluate((expected) => {
      const record = window as unknown as { shownAt?: number };
      const seen = () => document.querySelector('.timed-lane')?.textContent?.includes(expected) ?? false;
      const observer = new MutationObserver(() => {
        if (record.shownAt === undefined && seen()) record.shownAt = document.querySelector<HTMLVideoElement>('.watch-player video')?.currentTime ?? -1;
      });
      observer.observe(document.body, { childList: true, subtree: true, characterData: true });
    }, text);

    await sitThroughAds(viewer);
    await expect(lane(viewer).getByText(text)).toBeVisible({ timeout: 15_000 });
    const shownAt = await viewer.evaluate(() => (window as unknown as { shownAt?: number }).shownAt);
    expect(shownAt).toBeGreaterThanOrEqual(3);
    expect(shownAt).toBeLessThan(4.5);
    await expect(lane(viewer).getByRole('listitem').filter({ hasText: text })).toContainText('0:03');
  });
});
