import { expect, type BrowserContext, type CDPSession, type Page } from '@playwright/test';
import { ImapFlow } from 'imapflow';
import nodemailer from 'nodemailer';
import { Secret, TOTP } from 'otpauth';
import { e2eMailstackPortBase } from './environment';

/** An authenticator app's code for `secret` (the next step's when `ahead`: a step's code works once). */
export function totpCode(secret: string, ahead = 0): string {
  return new TOTP({ secret: Secret.fromBase32(secret) }).generate({ timestamp: Date.now() + ahead * 30_000 });
}

/** An outside mail client's IMAP LOGIN on the sandbox's public port; true when it got in. */
export async function imapLogin(email: string, pass: string): Promise<boolean> {
  const client = new ImapFlow({
    host: '127.0.0.1',
    port: e2eMailstackPortBase + 143,
    secure: false,
    auth: { user: email, pass },
    logger: false,
  });
  try {
    await client.connect();
    await client.logout();
    return true;
  } catch {
    return false;
  }
}

/** An outside mail client's SMTP AUTH on the sandbox's public submission port. */
export async function smtpLogin(email: string, pass: string): Promise<boolean> {
  const transport = nodemailer.createTransport({
    host: '127.0.0.1',
    port: e2eMailstackPortBase + 587,
    secure: false,
    ignoreTLS: true,
    auth: { user: email, pass },
  });
  try {
    return await transport.verify();
  } catch {
    return false;
  } finally {
    transport.close();
  }
}

/** Whether the browser holds any of the session cookies (`wm_at_`, `wm_sk_`, `wm_rt_` …) of a signed-in account. */
export const hasSessionCookie = async (context: BrowserContext) =>
  (await context.cookies()).some((c) => /^wm_(at|sk|rt)_/.test(c.name));

/** Answers the "confirm your password" dialog when it shows (changes need a recent re-authentication). */
export async function confirmPassword(page: Page, password: string): Promise<void> {
  const dialog = page.getByRole('dialog', { name: 'Confirm your password' });
  await expect(dialog).toBeVisible();
  await dialog.getByLabel('Password').fill(password);
  await dialog.getByRole('button', { name: 'Confirm' }).click();
  await expect(dialog).toBeHidden();
}

/** Signs out through the account menu (device-user logout), in the interface language. */
export async function signOut(page: Page, language: 'fi' | 'en' = 'en'): Promise<void> {
  // The button's name starts with the avatar's visible initials, then "Account: …".
  const texts =
    language === 'fi'
      ? { account: /\bTili: /, out: 'Kirjaudu ulos' }
      : { account: /\bAccount: /, out: 'Sign out' };
  await page.getByRole('button', { name: texts.account }).click();
  await page.getByRole('menu').getByRole('menuitem', { name: texts.out, exact: true }).click();
  await expect(page).toHaveURL(/\/login/);
}

/** Sets up the authenticator app on the two-step page; answers the secret and the recovery codes shown. */
export async function enableTotpInUi(page: Page, password: string) {
  await page.getByRole('button', { name: 'Set up authenticator app' }).click();
  await confirmPassword(page, password);
  const setup = page.getByRole('dialog', { name: 'Set up authenticator app' });
  const secret = (await setup.getByLabel('Setup key').textContent())!.replace(/\s/g, '');
  await setup.getByLabel('Six-digit code from the app').fill(totpCode(secret));
  await setup.getByRole('button', { name: 'Turn on' }).click();
  const codesDialog = page.getByRole('dialog', { name: 'Recovery codes' });
  await expect(codesDialog.getByRole('listitem')).toHaveCount(10);
  const recoveryCodes = await codesDialog.getByRole('listitem').allTextContents();
  expect(recoveryCodes).toHaveLength(10);
  await codesDialog.getByRole('button', { name: 'Done' }).click();
  return { secret, recoveryCodes };
}

/** A platform passkey authenticator (Chromium's virtual one) for the page; WebAuthn then works without a device. */
export async function virtualAuthenticator(
  context: BrowserContext,
  page: Page,
): Promise<{ cdp: CDPSession; authenticatorId: string }> {
  const cdp = await context.newCDPSession(page);
  await cdp.send('WebAuthn.enable');
  const { authenticatorId } = await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2',
      transport: 'internal',
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
    },
  });
  return { cdp, authenticatorId };
}

/** Adds the account's first passkey on the two-step page (password confirmed, recovery codes closed). */
export async function addFirstPasskeyInUi(page: Page, password: string, name = 'Test key'): Promise<void> {
  await page.goto('/u/0/settings/security/2fa');
  await page.getByRole('button', { name: 'Add passkey' }).click();
  await confirmPassword(page, password);
  const nameDialog = page.getByRole('dialog', { name: 'Name the new passkey' });
  await nameDialog.getByLabel(/^Name/).fill(name);
  await nameDialog.getByRole('button', { name: 'Save' }).click();
  await page.getByRole('dialog', { name: 'Recovery codes' }).getByRole('button', { name: 'Done' }).click();
}
