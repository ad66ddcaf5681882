import type { Page } from '@playwright/test';
import { expect, test } from './support/test';

/** The demo catalog's only adult title (server/assets/demo/catalog.json): a film. */
const ADULT_TITLE = '/film/dehlizdeki-fisiltilar';
/** The demo title whose release date the seeder moves into the future. */
const COUNTDOWN_TITLE = '/dizi/golgedeki-saat';
/** A demo film, released on 29 January 2016 (its date is never moved), with a video group. */
const FILM = '/film/buzdan-kopru';

const newTitles = (page: Page) => page.getByRole('region', { name: 'Yeni eklenenler' });
const ageGate = (page: Page) => page.getByRole('dialog', { name: '18+ İçerik' });

test.describe('catalog', () => {
  test('opens a title from the home grid and shows its seasons and episodes', async ({ page }) => {
    await page.goto('/');
    const grid = newTitles(page);
    await expect(grid.getByRole('link')).toHaveCount(12);

    await grid.getByRole('link', { name: /Robot Okulunda Bir Yıl/ }).click();

    await expect(page).toHaveURL('/anime/robot-okulunda-bir-yil');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Robot Okulunda Bir Yıl');
    const seasons = page.getByRole('tablist', { name: 'Sezonlar' });
    await expect(seasons.getByRole('tab')).toHaveText(['1. Sezon', '2. Sezon']);
    const episodes = page.getByRole('tabpanel').getByRole('listitem');
    await expect(episodes).toHaveCount(6);
    await expect(episodes.first()).toContainText('1. Bölüm');

    await seasons.getByRole('tab', { name: '2. Sezon' }).click();

    await expect(episodes).toHaveCount(4);
    await expect(episodes.first()).toContainText('Yol Ayrımı');
  });

  test('marks the adult title +18 on the home grid', async ({ page }) => {
    await page.goto('/');

    const card = newTitles(page).getByRole('link', { name: /Dehlizdeki Fısıltılar/ });
    await expect(card).toHaveAttribute('href', ADULT_TITLE);
    await expect(card).toContainText('+18');
  });

  test('asks the age question before an adult title and remembers the answer', async ({
    page,
  }) => {
    await page.goto(ADULT_TITLE);
    await expect(ageGate(page)).toBeVisible();
    await expect(page.getByRole('heading', { level: 1 })).toHaveCount(0);

    await ageGate(page).getByRole('button', { name: 'Hayır, anasayfaya dön' }).click();
    await expect(page).toHaveURL('/');

    await page.goto(ADULT_TITLE);
    await ageGate(page).getByRole('button', { name: 'Evet, 18 yaşından büyüğüm' }).click();
    await expect(ageGate(page)).toBeHidden();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Dehlizdeki Fısıltılar');

    await page.reload();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Dehlizdeki Fısıltılar');
    await expect(ageGate(page)).toHaveCount(0);
  });

  test('counts down to the next release, second by second', async ({ page }) => {
    await page.goto(COUNTDOWN_TITLE);

    const seconds = page
      .getByRole('timer', { name: 'Yayına kalan süre' })
      .locator('[data-unit="seconds"]');
    const first = await seconds.textContent();
    await expect(seconds).not.toHaveText(first!, { timeout: 3_000 });
  });

  test('says that an unknown title does not exist', async ({ page }) => {
    await page.goto('/dizi/boyle-bir-dizi-yok');

    await expect(page.getByRole('heading', { level: 1 })).toHaveText(
      'Aradığınız içerik bulunamadı.',
    );
  });

  test('fits a 360 px wide screen without scrolling sideways', async ({ page }) => {
    await page.setViewportSize({ width: 360, height: 740 });

    for (const path of [COUNTDOWN_TITLE, '/anime/robot-okulunda-bir-yil', '/']) {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      // The home grid and the posters arrive after the heading; measure the finished page.
      await page.waitForLoadState('networkidle');
      const overflow = await page.evaluate(
        () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
      );
      expect(overflow, path).toBe(0);
    }
  });

  test('a film\'s page offers "İzle" and its release date, and no seasons, episodes or new-episode alert', async ({ page }) => {
    await page.goto(FILM);

    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Buzdan Köprü');
    await expect(page.locator('.title-page__fact').filter({ hasText: 'Vizyon tarihi' })).toHaveText('Vizyon tarihi29 Ocak 2016');
    await expect(page.getByRole('tablist', { name: 'Sezonlar' })).toHaveCount(0);
    await expect(page.getByRole('region', { name: 'Sezonlar' })).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Haber ver' })).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Takip Et' })).toBeVisible();

    await page.getByRole('link', { name: 'İzle', exact: true }).click();

    await expect(page).toHaveURL(`${FILM}/izle`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Buzdan Köprü');
    await expect(page.locator('.watch-heading')).toContainText('Vizyon tarihi: 29 Ocak 2016');
    await expect(page.getByRole('navigation', { name: 'Bölümler' })).toHaveCount(0);
    await expect(page.getByRole('region', { name: 'Alternatif kaynaklar' }).getByRole('tab', { name: 'Yedek Kaynaklar' })).toBeVisible();
  });
});
