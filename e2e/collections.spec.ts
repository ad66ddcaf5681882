import { register, toasts, uniqueUsername } from './support/members';
import { expect, test } from './support/test';




test('a member builds a collection through the modal’s catalog search, opens it, another follows it, and the owner deletes it', async ({ browser }) => {
  test.setTimeout(120_000);
  const owner = await (await browser.newContext()).newPage();
  const fan = await (await browser.newContext()).newPage();
  const ownerName = uniqueUsername('derleyen');
  await register(owner, ownerName);
  await register(fan, uniqueUsername('takipci'));
  const name = `Hafta sonu <b>listesi</b> ${Date.now().toString(36)}`;
  let address = '';

  await test.step('the owner opens "Koleksiyonlar" and the create modal, which needs a name and a title', async () => {
    await owner.getByRole('link', { name: 'Koleksiyonlar' }).first().click();
    await expect(owner).toHaveURL(/\/koleksiyonlar$/);
    await owner.getByRole('button', { name: 'Koleksiyon oluştur' }).click();
    const dialog = owner.getByRole('dialog', { name: 'Yeni koleksiyon' });
    await dialog.getByRole('button', { name: 'Koleksiyon oluştur' }).click();
    await expect(dialog.getByRole('alert')).toHaveText('Lütfen gerekli alanları doldurunuz.');
  });

  await test.step('searches the catalog, adds two titles (Ekle → Eklendi) and puts the second first', async () => {
    const dialog = owner.getByRole('dialog', { name: 'Yeni koleksiyon' });
    await dialog.getByLabel('Koleksiyon adı').fill(name);
    await dialog.getByLabel('Açıklama').fill('Soğuk akşamlar için.');
    const search = dialog.getByRole('searchbox', { name: 'İçerik ara' });
    await search.fill('zzqqxx');
    await expect(dialog.getByText('Listelenecek içerik bulunamadı')).toBeVisible();
    await search.fill('bulut');
    await dialog.getByRole('button', { name: 'Ekle: Bulut Postacısı' }).click();
    await expect(dialog.getByRole('button', { name: 'Eklendi: Bulut Postacısı' })).toBeVisible();
    await search.fill('pusula');
    await dialog.getByRole('button', { name: 'Ekle: Kırık Pusula' }).click();
    await dialog.getByRole('button', { name: 'Yukarı taşı: Kırık Pusula' }).click();
    await expect(dialog.getByRole('region', { name: 'Seçilen içerikler' }).getByRole('listitem')).toHaveText([/Kırık Pusula/, /Bulut Postacısı/]);

    await dialog.getByRole('button', { name: 'Koleksiyon oluştur' }).click();
    await expect(toasts(owner)).toContainText('Koleksiyonunuz oluşturuldu.');
    await expect(owner).toHaveURL(/\/koleksiyon\/\d+$/);
    address = new URL(owner.url()).pathname;
  });

  await test.step('the collection page shows the name as written and the posters in order', async () => {
    await expect(owner.getByRole('heading', { level: 1, name })).toBeVisible();
    const items = owner.getByRole('list', { name: 'Koleksiyondaki içerikler' }).getByRole('link');
    await expect(items).toHaveCount(2);
    await expect(items.nth(0)).toContainText('Kırık Pusula');
    await expect(items.nth(1)).toContainText('Bulut Postacısı');
    await expect(owner.getByRole('button', { name: 'Düzenle' })).toBeVisible();
  });

  await test.step('another member follows it; it is on the owner’s profile', async () => {
    await fan.goto(address);
    await fan.getByRole('button', { name: 'Takip et' }).click();
    await expect(fan.getByText('1 takipçi')).toBeVisible();
    await fan.goto(`/profile/${ownerName}#koleksiyonlar`);
    await expect(fan.getByRole('link', { name: new RegExp(name.replace(/[<>/]/g, '.')) })).toBeVisible();
  });

  await test.step('the owner deletes it after confirming, and lands on the list', async () => {
    await owner.getByRole('button', { name: 'Koleksiyonu sil' }).click();
    const confirm = owner.getByRole('dialog', { name: 'Koleksiyonu sil' });
    await expect(confirm).toContainText('Koleksiyonu silmek istediğinize emin misiniz ?');
    await confirm.getByRole('button', { name: 'Koleksiyonu sil' }).click();
    await expect(toasts(owner)).toContainText('Koleksiyon silindi.');
    await expect(owner).toHaveURL(/\/koleksiyonlar$/);
    await expect(owner.getByText(name)).toHaveCount(0);
  });
});
