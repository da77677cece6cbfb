import { expect, test } from '@playwright/test';
import { e2eBaseUrl } from '../support/environment';
import { newMailUser } from '../support/mail-user';
import { signInByApi, useLanguage } from '../support/sign-in';

test('interface language: chosen on the General page, applied at once, followed by another tab, kept after a reload and applied at sign-in in another browser', async ({
  page,
  context,
  browser,
}) => {
  const user = newMailUser('lang');
  await useLanguage(context, 'en');
  await signInByApi(page, user, 'en', { path: '/u/0/settings/general' });
  const other = await context.newPage();
  await other.goto('/u/0/settings/general');
  await expect(other.getByRole('combobox', { name: 'Language' })).toHaveText('English');

  // Each API call carries the interface language.
  const saved = page.waitForRequest((r) => r.method() === 'PATCH' && r.url().endsWith('/api/u/0/config'));
  await page.getByRole('combobox', { name: 'Language' }).click();
  await page.getByRole('option', { name: 'Eesti' }).click();
  await expect(page.getByRole('combobox', { name: 'Keel' })).toHaveText('Eesti');
  await expect(page.locator('html')).toHaveAttribute('lang', 'et');
  expect((await saved).headers()['accept-language']).toBe('et');
  await expect(page.getByRole('link', { name: 'Allkirjad' })).toBeVisible();

  // The other tab follows (the live event), a reload keeps it.
  await expect(other.getByRole('combobox', { name: 'Keel' })).toHaveText('Eesti');
  await other.close();
  await page.reload();
  await expect(page.getByRole('combobox', { name: 'Keel' })).toHaveText('Eesti');

  // Another browser: its device choice is English until the account's choice is read at sign-in.
  const elsewhere = await browser.newContext({ baseURL: e2eBaseUrl });
  try {
    const second = await elsewhere.newPage();
    await second.goto('/login/password');
    await second.evaluate(() => window.localStorage.setItem('webmail.language', 'en'));
    await signInByApi(second, user, 'en');
    await expect(second.locator('html')).toHaveAttribute('lang', 'et');
    await second.goto('/u/0/settings/general');
    await expect(second.getByRole('combobox', { name: 'Keel' })).toHaveText('Eesti');
  } finally {
    await elsewhere.close();
  }
});
