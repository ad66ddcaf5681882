import type { Page } from '@playwright/test';
import { expect, test } from './support/test';
import { newestMailTo } from './support/database';

/** A valid 2×2 PNG, made in memory so the test needs no fixture file. */
const AVATAR_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAIAAAACCAIAAAD91JpzAAAACXBIWXMAAAPoAAAD6AG1e1JrAAAAEklEQVQImWP4bxv13zaKAUIBAC8KBlm7mWPuAAAAAElFTkSuQmCC',
  'base64',
);

const header = (page: Page) => page.getByRole('banner');
const toasts = (page: Page) => page.getByRole('region', { name: 'Bildirimler' });

/** Opens the header's profile dropdown of the member shown as `profileName`. */
async function openProfileMenu(page: Page, profileName: string) {
  await header(page).getByRole('button', { name: profileName }).click();
}

/** A user name no earlier run has taken (letters and digits, starting with a letter). */
const uniqueUsername = () => `uye${Date.now().toString(36)}${Math.floor(Math.random() * 1000)}`;

async function register(page: Page, username: string, email: string, password: string) {
  await page.goto('/kayit-ol');
  await page.getByLabel('Kullanıcı adı').fill(username);
  await page.getByLabel('E-posta adresi').fill(email);
  await page.getByLabel('Şifre', { exact: true }).fill(password);
  await page.getByLabel('Şifre (tekrar)').fill(password);
  await page.getByRole('main').getByRole('button', { name: 'Kayıt Ol' }).click();
  await expect(toasts(page)).toContainText('Kaydınız tamamlandı, hoş geldiniz !');
}

async function logOut(page: Page, profileName: string) {
  await openProfileMenu(page, profileName);
  await header(page).getByRole('button', { name: 'Çıkış Yap' }).click();
  await expect(toasts(page)).toContainText('Çıkış yapıldı.');
  await expect(header(page).getByRole('button', { name: 'Giriş Yap' })).toBeVisible();
}

test.describe('accounts', () => {
  test('a member registers, edits the profile, changes the avatar and resets the password', async ({
    page,
  }) => {
    test.setTimeout(120_000);
    const username = uniqueUsername();
    const email = `${username}@example.com`;
    const password = 'ilk-sifre-2025';
    const newPassword = 'yeni-sifre-2026';
    const profileName = 'Deneme Üye';

    await test.step('registers and is logged in at once', async () => {
      await register(page, username, email, password);

      await expect(page).toHaveURL('/');
      await openProfileMenu(page, username);
      await expect(header(page).getByText(`@${username}`)).toBeVisible();
      await expect(header(page).getByRole('link', { name: 'Profilim' })).toHaveAttribute(
        'href',
        `/profile/${username}`,
      );
      await expect(header(page).getByRole('link', { name: 'Ayarlar' })).toHaveAttribute(
        'href',
        '/ayarlar',
      );
    });

    await test.step('logs out and back in with the e-mail address', async () => {
      await page.keyboard.press('Escape');
      await logOut(page, username);

      await header(page).getByRole('button', { name: 'Giriş Yap' }).click();
      const modal = page.getByRole('dialog', { name: 'Giriş Yap' });
      await modal.getByLabel('Kullanıcı adı veya e-posta').fill(email);
      await modal.getByLabel('Şifre').fill(password);
      await modal.getByRole('button', { name: 'Giriş Yap' }).click();

      await expect(toasts(page)).toContainText('Giriş başarılı, yönlendiriliyorsunuz.');
      await expect(modal).toBeHidden();
      await expect(header(page).getByRole('button', { name: username })).toBeVisible();
    });

    await test.step('edits the profile and sees it on the profile page', async () => {
      await openProfileMenu(page, username);
      await header(page).getByRole('link', { name: 'Ayarlar' }).click();
      await expect(page).toHaveURL('/ayarlar');

      await page.getByLabel('Profil adı').fill(profileName);
      await page.getByLabel('Hakkımda').fill('Bilim kurgu sever. <b>kalın değil</b>');
      await page.getByRole('button', { name: 'Kaydet' }).click();

      await expect(toasts(page)).toContainText('Profil bilgileriniz kaydedildi.');
      await expect(header(page).getByRole('button', { name: profileName })).toBeVisible();

      await page.goto(`/profile/${username}`);
      await expect(page.getByRole('heading', { level: 1, name: profileName })).toBeVisible();
      await expect(page.getByText(`@${username}`, { exact: true })).toBeVisible();
      await expect(page.getByRole('tabpanel')).toHaveText('Bilim kurgu sever. <b>kalın değil</b>');
    });

    await test.step('uploads an avatar and the header shows it', async () => {
      const headerAvatar = header(page)
        .getByRole('button', { name: profileName })
        .locator('.avatar');
      await expect(headerAvatar).toHaveText('D');

      await page.goto('/ayarlar');
      await page.getByRole('tab', { name: 'Profil Resmi' }).click();
      await page.getByLabel('Resim seç').setInputFiles({
        name: 'avatar.png',
        mimeType: 'image/png',
        buffer: AVATAR_PNG,
      });
      await expect(page.getByText('Önizleme')).toBeVisible();
      await page.getByRole('button', { name: 'Yükle' }).click();

      await expect(toasts(page)).toContainText('Profil resminiz güncellendi.');
      await expect(headerAvatar).toHaveAttribute('src', /^\/media\//);
      const image = await page.request.get((await headerAvatar.getAttribute('src')) ?? '');
      expect(image.ok()).toBe(true);
    });

    await test.step('logs out and asks for a reset link', async () => {
      await logOut(page, profileName);
      await page.goto('/giris-yap');
      await page.getByRole('main').getByRole('link', { name: 'Şifremi unuttum' }).click();
      await expect(page).toHaveURL('/sifremi-unuttum');

      await page.getByLabel('E-posta adresi').fill(email);
      await page.getByRole('button', { name: 'Bağlantı Gönder' }).click();

      await expect(page.getByRole('main').getByRole('status')).toHaveText(
        'Bu e-posta adresiyle bir üyelik varsa şifre sıfırlama bağlantısı gönderildi.',
      );
    });

    await test.step('sets a new password from the mailed link', async () => {
      let link = '';
      await expect
        .poll(async () => {
          const mail = await newestMailTo(email);
          link = /\/sifre-sifirla\?token=[A-Za-z0-9_-]+/.exec(mail?.textBody ?? '')?.[0] ?? '';
          return link;
        })
        .not.toBe('');

      await page.goto(link);
      await page.getByLabel('Yeni şifre', { exact: true }).fill(newPassword);
      await page.getByLabel('Yeni şifre (tekrar)').fill(newPassword);
      await page.getByRole('button', { name: 'Şifreyi Kaydet' }).click();

      await expect(page.getByRole('main')).toContainText('Şifreniz değiştirildi.');
      await expect(page).toHaveURL('/');
    });

    await test.step('the old password no longer works, the new one does', async () => {
      await page.goto('/giris-yap?redirect=/ayarlar');
      const form = page.getByRole('main');
      await form.getByLabel('Kullanıcı adı veya e-posta').fill(username);
      await form.getByLabel('Şifre').fill(password);
      await form.getByRole('button', { name: 'Giriş Yap' }).click();
      await expect(toasts(page)).toContainText('Kullanıcı adı, e-posta veya şifre hatalı.');

      await form.getByLabel('Şifre').fill(newPassword);
      await form.getByRole('button', { name: 'Giriş Yap' }).click();

      await expect(page).toHaveURL('/ayarlar');
      await expect(page.getByLabel('Profil adı')).toHaveValue(profileName);
    });
  });

  test('another tab follows the new name live and ends with the logout', async ({ context }) => {
    const username = uniqueUsername();
    const first = await context.newPage();
    await register(first, username, `${username}@example.com`, 'ilk-sifre-2025');
    const second = await context.newPage();
    await second.goto('/');
    await expect(header(second).getByRole('button', { name: username })).toBeVisible();
    await expect(second.getByTestId('socket-status')).toHaveAttribute('data-status', 'connected');

    await first.goto('/ayarlar');
    await first.getByLabel('Profil adı').fill('Canlı Ad');
    await first.getByRole('button', { name: 'Kaydet' }).click();

    await expect(header(second).getByRole('button', { name: 'Canlı Ad' })).toBeVisible();

    await logOut(first, 'Canlı Ad');

    await expect(toasts(second)).toContainText('Oturumunuz sonlandı.');
    await expect(header(second).getByRole('button', { name: 'Giriş Yap' })).toBeVisible();
    await expect(second.getByTestId('socket-status')).toHaveAttribute('data-status', 'connected');
    // The logging-out tab said "Çıkış yapıldı." and nothing more.
    await expect(toasts(first)).not.toContainText('Oturumunuz sonlandı.');
  });

  test('settings send a visitor to the login page with the way back', async ({ page }) => {
    await page.goto('/ayarlar');

    await expect(page).toHaveURL('/giris-yap?redirect=%2Fayarlar');
    await expect(page.getByRole('heading', { level: 1, name: 'Giriş Yap' })).toBeVisible();
  });

  test('an unknown member has no profile', async ({ page }) => {
    await page.goto('/profile/boyle-biri-yok');

    await expect(page.getByRole('heading', { name: 'Böyle bir üye bulunamadı.' })).toBeVisible();
  });

  test('a wrong password is refused with 401 and its Turkish message, and the visitor stays on the login form', async ({ page }) => {
    const username = uniqueUsername();
    const password = 'dogru-sifre-2025';
    await register(page, username, `${username}@example.com`, password);
    await page.context().clearCookies();

    await page.goto('/giris-yap');
    const form = page.getByRole('main');
    await form.getByLabel('Kullanıcı adı veya e-posta').fill(username);
    await form.getByLabel('Şifre').fill('yanlis-sifre-2025');
    const [reply] = await Promise.all([
      page.waitForResponse((response) => response.url().endsWith('/api/auth/login')),
      form.getByRole('button', { name: 'Giriş Yap' }).click(),
    ]);

    expect(reply.status()).toBe(401);
    await expect(toasts(page)).toContainText('Kullanıcı adı, e-posta veya şifre hatalı.');
    await expect(page).toHaveURL('/giris-yap');
    await expect(page.getByRole('dialog')).toHaveCount(0);

    const legacy = await page.request.post('/auth/login', { form: { username, password: 'yanlis-sifre-2025' } });
    expect(legacy.status()).toBe(401);
    expect(await legacy.json()).toEqual({ success: false, error: true, message: 'Kullanıcı adı, e-posta veya şifre hatalı.' });

    await form.getByLabel('Şifre').fill(password);
    await form.getByRole('button', { name: 'Giriş Yap' }).click();
    await expect(page).toHaveURL('/');
  });

  test('the login form says what is missing before sending anything', async ({ page }) => {
    await page.goto('/login');
    let calls = 0;
    page.on('request', (request) => {
      if (request.url().endsWith('/api/auth/login')) calls += 1;
    });

    await page.getByRole('main').getByRole('button', { name: 'Giriş Yap' }).click();

    await expect(page.getByText('Kullanıcı adı ve şifre boş bırakılamaz.')).toHaveCount(2);
    expect(calls).toBe(0);
  });
});
