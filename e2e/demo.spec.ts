import { expect, test } from './support/test';

/** The demo login the README gives (server/src/demo/demo-community.ts). */
const DEMO = { username: 'demo', password: 'seyirlik-demo' };

test('a newcomer logs in with the demo login and finds a community at once', async ({ page }) => {
  await page.goto('/giris-yap');
  const form = page.getByRole('main');
  await form.getByLabel('Kullanıcı adı veya e-posta').fill(DEMO.username);
  await form.getByLabel('Şifre').fill(DEMO.password);
  await form.getByRole('button', { name: 'Giriş Yap' }).click();

  const header = page.getByRole('banner');
  await expect(header.getByText('Deniz Aydın')).toBeVisible();
  await expect(header.locator('img[src^="/media/"]')).toBeVisible();
  await expect(page.getByTestId('messages-unread')).toBeVisible();

  await page.goto('/');
  const resume = page.getByRole('region', { name: 'Kaldığın yerden devam et' });
  await expect(resume.getByRole('link', { name: /Dokuz Kapılı Konak/ })).toBeVisible();

  await page.goto('/dizi/sahin-yuvasi-karakolu/1-sezon/1-bolum');
  const comments = page.getByRole('region', { name: /^Yorumlar/ });
  await expect(comments.getByText('Karakolun ilk günü bu kadar mı karışık olur ? Komiser Şahin’in sabrına hayran kaldım.')).toBeVisible();
  await expect(comments.getByText('İkinci bölümde işler daha da karışıyor, bekleyin !')).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Bölümler' }).getByRole('link').first().getByText('İzlendi')).toBeVisible();
});
