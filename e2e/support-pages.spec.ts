import type { Page } from '@playwright/test';
import { newestMailTo } from './support/database';
import { expect, test } from './support/test';

const supportNav = (page: Page) => page.getByRole('navigation', { name: 'Destek' });
const toasts = (page: Page) => page.getByRole('region', { name: 'Bildirimler' });

test.describe('support pages', () => {
  test('pricing flips to the annual amounts', async ({ page }) => {
    await page.goto('/');
    await supportNav(page).getByRole('link', { name: 'Fiyatlandırma' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Fiyatlandırma' })).toBeVisible();
    const standard = page.getByRole('article', { name: 'Standart' });
    await expect(standard).toContainText('₺49,90');
    await expect(standard).toContainText('/ ay');

    await page.getByRole('button', { name: 'Yıllık' }).click();

    await expect(page.getByRole('button', { name: 'Yıllık' })).toHaveAttribute('aria-pressed', 'true');
    await expect(standard).toContainText('₺479');
    await expect(standard).toContainText('/ yıl');
    await expect(standard).not.toContainText('₺49,90');
  });

  test('opening a second FAQ answer closes the first', async ({ page }) => {
    await page.goto('/sss');
    const first = page.getByRole('button', { name: 'Üye olmak ücretli mi?' });
    const second = page.getByRole('button', { name: 'Planımı nasıl iptal ederim?' });
    const firstAnswer = page.getByText('Hayır. Üye olmak ücretsizdir');
    const secondAnswer = page.getByText('Planınızı dilediğiniz zaman iptal edebilirsiniz');

    await first.click();
    await expect(first).toHaveAttribute('aria-expanded', 'true');
    await expect(firstAnswer).toBeVisible();

    await second.click();
    await expect(second).toHaveAttribute('aria-expanded', 'true');
    await expect(secondAnswer).toBeVisible();
    await expect(first).toHaveAttribute('aria-expanded', 'false');
    await expect(firstAnswer).toBeHidden();
  });

  test('a visitor sends the contact form and the operator gets the mail', async ({ page }) => {
    const subject = `Bölüm sorunu ${Date.now().toString(36)}`;
    await page.goto('/');
    await supportNav(page).getByRole('link', { name: 'İletişim' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'İletişim' })).toBeVisible();
    const form = page.getByRole('main');

    await form.getByRole('button', { name: 'Gönder' }).click();
    await expect(form.getByText('Lütfen tüm alanları doldurunuz.').first()).toBeVisible();

    await form.getByLabel('Adınız').fill('Ayşe <b>Yılmaz</b>');
    await form.getByLabel('E-posta adresiniz').fill('ayse@example.com');
    await form.getByLabel('Konu').fill(subject);
    await form.getByLabel('Mesajınız').fill('Dün akşamki bölüm açılmadı.');
    await form.getByRole('button', { name: 'Gönder' }).click();

    await expect(form.getByRole('status')).toContainText('Mesajınız bize ulaştı. En kısa sürede size dönüş yapacağız.');
    await expect(toasts(page)).toContainText('Mesajınız bize ulaştı.');
    await expect.poll(async () => (await newestMailTo('iletisim@seyirlik.local'))?.subject).toBe(`İletişim formu: ${subject}`);
    const mail = await newestMailTo('iletisim@seyirlik.local');
    expect(mail?.textBody).toContain('Gönderen: Ayşe <b>Yılmaz</b> <ayse@example.com>');
  });
});
