import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { e2eLocalhostUrl, screenshotDir } from '../support/environment';
import { newMailUser } from '../support/mail-user';
import { lookLanguages, looksAt, showLook } from '../support/screenshots';
import { enableTotpInUi, imapLogin, signOut, virtualAuthenticator } from '../support/security';
import { signInByApi, submitSignIn } from '../support/sign-in';

const widths = [
  { width: 360, height: 780 },
  { width: 1024, height: 768 },
  { width: 1440, height: 900 },
];
const pages = [
  { name: 'security-2fa', path: '/u/0/settings/security/2fa' },
  { name: 'security-asps', path: '/u/0/settings/security/asps' },
  { name: 'security-password', path: '/u/0/settings/security/password' },
  { name: 'security-events', path: '/u/0/settings/security/events' },
] as const;

async function shoot(page: Page, name: string) {
  await page.evaluate(() => document.fonts.ready);
  await page.screenshot({ path: path.join(screenshotDir, `${name}.png`) });
}

async function setLanguage(page: Page, language: 'fi' | 'en') {
  await page.evaluate((lang) => window.localStorage.setItem('webmail.language', lang), language);
}

/** Every width and scheme ({@link looksAt}) of what the page shows now (the page keeps its state: no reload). */
async function shootAll(page: Page, name: string) {
  for (const { scheme, size } of looksAt(widths)) {
    await showLook(page, scheme, size);
    await shoot(page, `${name}-${scheme}-${size.width}`);
  }
}

/**
 * The sign-in steps and each security page at 360/1024/1440, light and dark, in fi and en, for an account with an
 * authenticator app, a passkey, an application password that a mail client used, and a log with events.
 */
test('security screenshots', async ({ browser }) => {
  test.setTimeout(240_000);
  // Passkeys need a host name as relying party.
  const context = await browser.newContext({
    baseURL: e2eLocalhostUrl,
    locale: 'fi-FI',
    timezoneId: 'Europe/Helsinki',
  });
  const page = await context.newPage();
  await virtualAuthenticator(context, page);
  const user = newMailUser('shots');
  await page.goto('/login/password');
  await setLanguage(page, 'en');
  await signInByApi(page, user, 'en', { path: '/u/0/settings/security/2fa' });
  const { recoveryCodes } = await enableTotpInUi(page, user.password);
  await page.getByRole('button', { name: 'Add passkey' }).click();
  const nameDialog = page.getByRole('dialog', { name: 'Name the new passkey' });
  await nameDialog.getByLabel(/^Name/).fill('Laptop');
  await nameDialog.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByRole('list', { name: 'Passkeys' }).getByText('Laptop')).toBeVisible();
  await page.goto('/u/0/settings/security/asps');
  await page.getByLabel('Description').fill('Thunderbird');
  await page.getByRole('button', { name: 'Create' }).click();
  const shown = page.getByRole('dialog', { name: 'App password for “Thunderbird”' });
  const password = (await shown.getByLabel('App password').textContent())!.replace(/\s/g, '');
  await shown.getByRole('button', { name: 'Done' }).click();
  expect(await imapLogin(user.email, password)).toBe(true);
  expect(await imapLogin(user.email, 'wrong password')).toBe(false);
  let codeIndex = 0;

  for (const language of lookLanguages(['fi', 'en'] as const)) {
    await setLanguage(page, language);
    await page.reload();
    await expect(page.locator('html')).toHaveAttribute('lang', language);
    // The sign-in steps: the passkey page first, then the code page.
    await signOut(page, language);
    await submitSignIn(page, user, language);
    await expect(page).toHaveURL(/\/login\/2fa\/webauthn$/);
    await expect(page.getByRole('button').first()).toBeVisible();
    await shootAll(page, `signin-webauthn-${language}`);
    await page.getByRole('link', { name: language === 'fi' ? 'Käytä koodia' : 'Use a code instead' }).click();
    await expect(page).toHaveURL(/\/login\/2fa\/totp$/);
    await expect(page.getByRole('textbox')).toBeVisible();
    await shootAll(page, `signin-totp-${language}`);
    await page.getByRole('textbox').fill(recoveryCodes[codeIndex++]!);
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/u\/0\/[^/]+$/);

    for (const target of pages) {
      await page.goto(target.path);
      await expect(page.getByRole('tab', { selected: true })).toBeVisible();
      await expect(
        page
          .getByRole('main')
          .getByRole('heading', { level: 2 })
          .or(page.getByRole('main').locator('form'))
          .first(),
      ).toBeVisible();
      if (target.name === 'security-password') {
        await page.locator('input[autocomplete="new-password"]').first().fill('correct horse battery');
      }
      if (target.name === 'security-events') {
        await expect(page.getByRole('main').getByRole('listitem').first()).toBeVisible();
      }
      await page.waitForTimeout(300);
      await shootAll(page, `${target.name}-${language}`);
    }
  }
  await context.close();
});
