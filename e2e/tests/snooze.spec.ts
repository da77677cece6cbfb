import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { screenshotDir } from '../support/environment';
import { newMailUser, plainMessage, withImap, type MailUser } from '../support/mail-user';
import { signInByApi, useLanguage } from '../support/sign-in';

const messageList = (page: Page) => page.getByRole('list', { name: /^Messages in/ });
const row = (page: Page, subject: string) =>
  messageList(page).getByRole('listitem').filter({ hasText: subject });
const folderLink = (page: Page, name: string) =>
  page.getByRole('navigation', { name: 'Folders' }).getByRole('link', { name: new RegExp(`^${name}(,|$)`) });

/** Read messages, each a day older than the one before. */
async function seed(user: MailUser, subjects: string[]) {
  await withImap(user, async (client) => {
    for (const [i, subject] of subjects.entries()) {
      const date = new Date(Date.now() - i * 86_400_000);
      const raw = plainMessage({ from: 'Sender <sender@example.test>', to: user.email, subject, date });
      await client.append('INBOX', raw, ['\\Seen']);
    }
  });
}

const unseenIn = (user: MailUser, folder: string) =>
  withImap(user, async (client) => {
    const status = await client.status(folder, { unseen: true });
    if (!status) throw new Error(`STATUS ${folder} was refused`);
    return status.unseen ?? 0;
  });

test('snooze a message from the list: it waits in Snoozed with its time and returns unread when the time comes', async ({
  page,
}) => {
  const user = newMailUser('snooze');
  await seed(user, ['Stays here', 'Snooze me']);
  await useLanguage(page, 'en');
  await signInByApi(page, user, 'en');
  await expect(row(page, 'Snooze me')).toBeVisible();

  // The phone width: the selection toolbar with its snooze button, and the menu of times.
  await page.setViewportSize({ width: 360, height: 780 });
  await messageList(page)
    .getByRole('checkbox', { name: /Snooze me$/ })
    .check();
  // On a phone Snooze heads the selection's More menu.
  await page.getByRole('toolbar').getByRole('button', { name: 'More actions' }).click();
  await page.getByRole('menuitem', { name: 'Snooze' }).click();
  const menu = page.getByRole('menu', { name: 'Snooze until' });
  await expect(menu.getByRole('menuitem', { name: /^Tomorrow/ })).toBeVisible();
  await page.screenshot({ path: path.join(screenshotDir, 'snooze-menu-light-360.png') });
  await menu.getByRole('menuitem', { name: /^Tomorrow/ }).click();
  await expect(page.locator('[data-snackbar-type]').filter({ hasText: 'Snoozed until' })).toBeVisible();
  await expect(row(page, 'Snooze me')).toHaveCount(0);

  // The Snoozed folder, made at first use, in the sidebar with its count; its view shows the time.
  await page.setViewportSize({ width: 1280, height: 800 });
  await folderLink(page, 'Snoozed').click();
  await expect(row(page, 'Snooze me')).toBeVisible();
  const panel = page.getByRole('region', { name: 'Snoozed messages' });
  await expect(panel.getByText(/^Returns /)).toBeVisible();
  await page.setViewportSize({ width: 360, height: 780 });
  await page.screenshot({ path: path.join(screenshotDir, 'snoozed-view-light-360.png') });
  await page.setViewportSize({ width: 1280, height: 800 });

  // Two days on (the test-only clock of the e2e server): the message is back in the Inbox, unread.
  const moved = await page.request.post('/api/test/clock', { data: { advanceMs: 2 * 86_400_000 } });
  expect(moved.status()).toBe(200);
  await expect(panel).toHaveCount(0);
  await folderLink(page, 'Inbox').click();
  await expect(row(page, 'Snooze me')).toBeVisible();
  // Older than the other message, yet on top: it came back by arrival.
  await expect(messageList(page).getByRole('listitem').first()).toContainText('Snooze me');
  expect(await unseenIn(user, 'INBOX')).toBe(1);
});
