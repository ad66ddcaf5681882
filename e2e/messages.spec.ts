import type { Page } from '@playwright/test';
import { register, toasts, uniqueUsername } from './support/members';
import { expect, test } from './support/test';

const conversation = (page: Page, name: string) => page.getByRole('region', { name });
const messagesLink = (page: Page) => page.getByRole('banner').getByRole('link', { name: /^Mesajlar/ });



test('two members message each other: a first message from a profile, a live badge, a live answer, "Görüldü" and a block', async ({ browser }) => {
  test.setTimeout(90_000);
  const a = await (await browser.newContext()).newPage();
  const b = await (await browser.newContext()).newPage();
  const userA = uniqueUsername('yazan');
  const userB = uniqueUsername('okuyan');
  await register(a, userA);
  await register(b, userB);
  await expect(messagesLink(b)).toHaveAccessibleName('Mesajlar');

  await test.step('A writes to B from B’s profile', async () => {
    await a.goto(`/profile/${userB}`);
    await a.getByRole('button', { name: 'Mesaj gönder' }).click();
    const modal = a.getByRole('dialog', { name: `${userB} adlı üyeye mesaj gönderin` });
    await modal.getByRole('button', { name: 'Gönder' }).click();
    await expect(modal.getByText('Lütfen mesajınızı yazınız.')).toBeVisible();
    await modal.getByRole('textbox', { name: 'Mesajınızı yazınız' }).fill('Merhaba, <b>nasılsınız</b>?');
    await modal.getByRole('button', { name: 'Gönder' }).click();
    await expect(toasts(a)).toContainText('Mesajınız gönderildi.');
    await expect(modal).toBeHidden();
  });

  await test.step('B’s unread badge rises live', async () => {
    await expect(messagesLink(b)).toHaveAccessibleName('Mesajlar, 1 okunmamış konuşma');
    await expect(b.getByTestId('messages-unread')).toHaveText('1');
  });

  await test.step('A opens the conversation by ?user=, and the address shows it', async () => {
    await a.goto(`/mesajlar?user=${userB}`);
    await expect(a).toHaveURL(new RegExp(`/profile/message/${userB}$`));
    await expect(conversation(a, userB).getByText('Merhaba, <b>nasılsınız</b>?')).toBeVisible();
    await expect(conversation(a, userB).getByText('Görüldü')).toHaveCount(0);
  });

  await test.step('B opens the conversation from the list: the badge goes, and A sees "Görüldü" live', async () => {
    await messagesLink(b).click();
    await expect(b).toHaveURL(/\/mesajlar$/);
    await b.getByRole('navigation', { name: 'Konuşmalar' }).getByRole('link', { name: new RegExp(userA) }).click();
    await expect(b).toHaveURL(new RegExp(`/profile/message/${userA}$`));
    await expect(conversation(b, userA).getByText('Merhaba, <b>nasılsınız</b>?')).toBeVisible();
    await expect(b.getByTestId('messages-unread')).toHaveCount(0);
    await expect(conversation(a, userB).getByText('Görüldü')).toBeVisible();
  });

  await test.step('B answers; A sees it live, typing first', async () => {
    const box = conversation(b, userA).getByRole('textbox', { name: 'Mesajınızı yazınız' });
    await box.pressSequentially('İyiyim', { delay: 20 });
    await expect(conversation(a, userB).getByText(`${userB} yazıyor…`)).toBeVisible();
    await box.press('Enter');
    await expect(box).toHaveValue('');
    await expect(conversation(a, userB).getByText('İyiyim')).toBeVisible();
    await expect(conversation(a, userB).getByText(`${userB} yazıyor…`)).toHaveCount(0);
  });

  await test.step('B blocks A from A’s profile; A is told plainly that the message was not sent', async () => {
    await b.goto(`/profile/${userA}`);
    await b.getByRole('button', { name: 'Engelle' }).click();
    await expect(toasts(b)).toContainText('Üyeyi engellediniz.');
    await expect(b.getByRole('button', { name: 'Engeli kaldır' })).toBeVisible();

    const box = conversation(a, userB).getByRole('textbox', { name: 'Mesajınızı yazınız' });
    await box.fill('Duyuyor musunuz?');
    await box.press('Enter');
    await expect(toasts(a)).toContainText('Bu üye sizi engellediği için mesajınız gönderilemedi.');
    await expect(box).toHaveValue('Duyuyor musunuz?');
    await expect(conversation(a, userB).getByRole('listitem').filter({ hasText: 'Duyuyor musunuz?' })).toHaveCount(0);
  });
});
