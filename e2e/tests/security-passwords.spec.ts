import { expect, test } from '@playwright/test';
import { newMailUser } from '../support/mail-user';
import { confirmPassword, imapLogin, smtpLogin } from '../support/security';
import { signIn, useLanguage } from '../support/sign-in';

test.beforeEach(async ({ context }) => {
  await useLanguage(context, 'en');
});

test('application password: made in the UI, works in IMAP and SMTP clients, last use shows, gone after delete', async ({
  page,
}) => {
  const user = newMailUser('asp');
  await signIn(page, user, 'en');
  await page.goto('/u/0/settings/security/asps');
  await page.getByLabel('Description').fill('Thunderbird');
  await page.getByRole('button', { name: 'Create' }).click();
  await confirmPassword(page, user.password);
  const shown = page.getByRole('dialog', { name: 'App password for “Thunderbird”' });
  const password = (await shown.getByLabel('App password').textContent())!.replace(/\s/g, '');
  expect(password).toMatch(/^[a-z]{16}$/);
  await shown.getByRole('button', { name: 'Done' }).click();

  expect(await imapLogin(user.email, password)).toBe(true);
  expect(await smtpLogin(user.email, password)).toBe(true);
  await expect(async () => {
    await page.reload();
    await expect(page.getByText(/Last used .* from 127\.0\.0\.1 \((IMAP|SMTP)\)/)).toBeVisible({
      timeout: 1000,
    });
  }).toPass({ timeout: 10_000 });

  await page.getByRole('button', { name: 'Delete Thunderbird' }).click();
  await expect(page.getByText('No app passwords yet.')).toBeVisible();
  expect(await imapLogin(user.email, password)).toBe(false);
  expect(await smtpLogin(user.email, password)).toBe(false);
});

test('password change: IMAP takes only the new one, this browser goes on, the other is signed out', async ({
  page,
  browser,
}) => {
  const user = newMailUser('pwchange');
  const otherContext = await browser.newContext();
  await useLanguage(otherContext, 'en');
  const other = await otherContext.newPage();
  await signIn(other, user, 'en');
  await signIn(page, user, 'en');

  await page.goto('/u/0/settings/security/password');
  const newPassword = 'Correct-Horse-Battery-9';
  await page.getByLabel('Current password').fill(user.password);
  await page.getByLabel('New password', { exact: true }).fill(newPassword);
  await expect(page.getByRole('progressbar', { name: 'Password strength' })).toBeVisible();
  await page.getByLabel('New password again').fill(newPassword);
  await page.getByRole('button', { name: 'Change password' }).click();
  await expect(page.getByText('Password changed. Other devices were signed out.')).toBeVisible();

  expect(await imapLogin(user.email, user.password)).toBe(false);
  expect(await imapLogin(user.email, newPassword)).toBe(true);
  await page.goto('/u/0');
  await expect(page).toHaveURL(/\/u\/0\/[^/]+$/);
  await expect(page.getByRole('navigation', { name: 'Folders' })).toBeVisible();
  await other.reload();
  await expect(other).toHaveURL(/\/login/);
  await otherContext.close();
});
