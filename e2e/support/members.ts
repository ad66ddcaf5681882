import { expect, type Page } from '@playwright/test';

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
