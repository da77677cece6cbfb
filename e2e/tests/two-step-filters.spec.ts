import { expect, test, type Page } from '@playwright/test';
import { ImapFlow } from 'imapflow';
import { e2eLocalhostUrl, e2eMailstackPortBase } from '../support/environment';
import { deliver } from '../support/live-events';
import { newMailUser, seedFolders, type MailUser } from '../support/mail-user';
import {
  addFirstPasskeyInUi,
  enableTotpInUi,
  signOut,
  totpCode,
  virtualAuthenticator,
} from '../support/security';
import { signInByApi, submitSignIn, useLanguage } from '../support/sign-in';

/** Messages in a folder, read at the webmail's own IMAP door (under two-step sign-in the password works only there). */
async function countAtWebmailDoor(user: MailUser, folder: string): Promise<number> {
  const client = new ImapFlow({
    host: '127.0.0.1',
    port: e2eMailstackPortBase + 144,
    secure: false,
    auth: { user: user.email, pass: user.password },
    logger: false,
  });
  await client.connect();
  try {
    const status = await client.status(folder, { messages: true });
    if (!status) throw new Error(`STATUS ${folder} was refused`);
    return status.messages ?? 0;
  } finally {
    await client.logout();
  }
}

/** A new filter in settings: a subject criterion, filed into `folder`. */
async function saveFilter(page: Page, subject: string, folder: string) {
  await page.goto('/u/0/settings/filters');
  await expect(page.getByText('No filters yet.')).toBeVisible();
  await page.getByRole('button', { name: 'New filter' }).click();
  const dialog = page.getByRole('dialog', { name: 'New filter' });
  await dialog.getByRole('textbox', { name: 'Name' }).fill(folder);
  await dialog.getByRole('textbox', { name: 'Subject' }).fill(subject);
  await dialog.getByRole('combobox', { name: 'Move to folder' }).click();
  await page.getByRole('option', { name: folder }).click();
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Filter saved')).toBeVisible();
}

async function signInWithCode(page: Page, user: MailUser, secret: string) {
  await page.goto('/login/password');
  await submitSignIn(page, user, 'en');
  await expect(page).toHaveURL(/\/login\/2fa\/totp$/);
  await page.getByLabel('Code', { exact: true }).fill(totpCode(secret, 1));
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page).toHaveURL(/\/u\/0\/[^/]+$/);
}

// Two-step sign-in used to lock the webmail out of the filter server (the Filters page spun and failed). With the
// sandbox's delegated mail access the webmail reaches ManageSieve as itself for the user.
test('two-step sign-in: a filter saved in the browser files the next delivered message', async ({
  page,
  context,
}) => {
  test.slow();
  await useLanguage(context, 'en');
  const user = newMailUser('two-step-filters');
  await seedFolders(user, { Reports: 0 });
  const tag = Date.now().toString(36);
  await signInByApi(page, user, 'en', { path: '/u/0/settings/security/2fa' });
  const { secret } = await enableTotpInUi(page, user.password);
  await signOut(page);
  await signInWithCode(page, user, secret);

  await saveFilter(page, `report-${tag}`, 'Reports');
  await deliver(user, `Weekly report-${tag}`);
  await expect.poll(() => countAtWebmailDoor(user, 'Reports'), { timeout: 15_000 }).toBe(1);
  expect(await countAtWebmailDoor(user, 'INBOX')).toBe(0);
});

test('passkey sign-in: a filter saved in the browser files the next delivered message', async ({
  browser,
}) => {
  test.slow();
  // WebAuthn takes a host name as relying party, not an IP address.
  const context = await browser.newContext({ baseURL: e2eLocalhostUrl });
  await useLanguage(context, 'en');
  const page = await context.newPage();
  await virtualAuthenticator(context, page);
  const user = newMailUser('passkey-filters');
  await seedFolders(user, { Receipts: 0 });
  const tag = Date.now().toString(36);
  await signInByApi(page, user, 'en');
  await addFirstPasskeyInUi(page, user.password);
  await signOut(page);
  await page.goto('/login/password');
  await submitSignIn(page, user, 'en');
  await expect(page).toHaveURL(/\/login\/2fa\/webauthn$/);
  await page.getByRole('button', { name: 'Use passkey' }).click();
  await expect(page).toHaveURL(/\/u\/0\/[^/]+$/);

  await saveFilter(page, `receipt-${tag}`, 'Receipts');
  await deliver(user, `Your receipt-${tag}`);
  await expect.poll(() => countAtWebmailDoor(user, 'Receipts'), { timeout: 15_000 }).toBe(1);
  await context.close();
});
