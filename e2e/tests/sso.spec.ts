import { expect, test, type Page } from '@playwright/test';
import { newMailUser } from '../support/mail-user';
import { submitSignIn, useLanguage } from '../support/sign-in';
import { startSingleSignOn } from '../support/single-sign-on';

let sso: Awaited<ReturnType<typeof startSingleSignOn>>;

test.beforeAll(async () => {
  sso = await startSingleSignOn();
});
test.afterAll(async () => {
  await sso?.close();
});

const inbox = (userIndex: number) => new RegExp(`^http://localhost:\\d+/u/${userIndex}/[^/]+$`);

/** From the webmail's sign-in page through the provider's login form (as `sub`), back into the inbox. */
async function signInAtProvider(page: Page, sub: string) {
  await page.getByRole('link', { name: 'Sign in with Test IdP' }).click();
  await expect(page.getByRole('heading', { name: 'Test IdP' })).toBeVisible();
  await page.getByLabel('Username').fill(sub);
  await page.getByRole('button', { name: 'Sign in at Test IdP' }).click();
  // The app's first load after the round trip (a cold server under a loaded machine) may take its time.
  await expect(page).toHaveURL(inbox(0), { timeout: 30_000 });
  await expect(page.getByRole('navigation', { name: 'Folders' })).toBeVisible();
}

test('in through the provider, a password account beside it; signing out of all ends the provider session', async ({
  page,
  context,
}) => {
  await useLanguage(context, 'en');
  const viaIdp = newMailUser('sso');
  const byPassword = newMailUser('sso-pw');
  sso.idp.addUser({ sub: 'sso-out', email: viaIdp.email });

  await page.goto(`${sso.appUrl}/login/password`);
  await signInAtProvider(page, 'sso-out');

  // A second account by password beside it: the account switcher offers the first one.
  await page.goto(`${sso.appUrl}/login/password`);
  await submitSignIn(page, byPassword, 'en');
  await expect(page).toHaveURL(inbox(1));
  await page.getByRole('button', { name: /^Account: / }).click();
  const menu = page.getByRole('menu');
  await expect(menu.getByRole('menuitem', { name: new RegExp(viaIdp.email) })).toHaveAttribute(
    'href',
    '/u/0',
  );

  // Out of every account: the provider's session ends too (its own confirmation), back to the sign-in page.
  await menu.getByRole('menuitem', { name: 'Sign out of all accounts' }).click();
  await page.getByRole('button', { name: 'Yes, sign me out' }).click();
  await expect(page).toHaveURL(new RegExp(`^${sso.appUrl}/login`));

  // Signing in again asks the provider's login again (no session left there to ride on).
  await page.getByRole('link', { name: 'Sign in with Test IdP' }).click();
  await expect(page.getByLabel('Username')).toBeVisible();
});

test("the provider's back-channel logout signs the browser out by itself", async ({ page, context }) => {
  await useLanguage(context, 'en');
  const viaIdp = newMailUser('sso-bc');
  sso.idp.addUser({ sub: 'sso-bc', email: viaIdp.email });
  await page.goto(`${sso.appUrl}/login/password`);
  await signInAtProvider(page, 'sso-bc');

  // The provider's logout token ends the session; the open page learns it from its live stream.
  await sso.idp.backchannelLogout('sso-bc');
  await expect(page).toHaveURL(new RegExp(`^${sso.appUrl}/login`));
  expect((await page.request.get(`${sso.appUrl}/api/auth/me?userIndex=0`)).status()).toBe(401);
});
