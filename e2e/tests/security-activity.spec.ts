import { expect, test } from '@playwright/test';
import { newMailUser } from '../support/mail-user';
import { imapLogin } from '../support/security';
import { signIn, useLanguage } from '../support/sign-in';

test.beforeEach(async ({ context }) => {
  await useLanguage(context, 'en');
});

test('activity: events with protocol and IP, twenty failures as one row, a session signed out from the list', async ({
  page,
  browser,
}) => {
  const user = newMailUser('events');
  await signIn(page, user, 'en');
  const otherContext = await browser.newContext();
  await useLanguage(otherContext, 'en');
  const other = await otherContext.newPage();
  await signIn(other, user, 'en');
  const strangerContext = await browser.newContext();
  const stranger = await strangerContext.newPage();
  // GET /api/ gives the stranger's browser its device and XSRF token, as the sign-in page does.
  await stranger.request.get('/api/');
  const xsrf = (await strangerContext.cookies()).find((c) => c.name === 'XSRF-TOKEN')?.value ?? '';
  for (let i = 0; i < 20; i += 1) {
    await stranger.request.post('/api/auth', {
      data: { email: user.email, password: `wrong-${i}` },
      headers: { 'X-XSRF-TOKEN': xsrf },
    });
  }
  expect(await imapLogin(user.email, 'not-the-password')).toBe(false);

  await page.goto('/u/0/settings/security/events');
  const log = page.getByRole('list', { name: 'Security events' });
  await expect(
    log.getByRole('listitem').filter({ hasText: 'Failed sign-in' }).filter({ hasText: '20 times' }),
  ).toBeVisible();
  await expect(
    log.getByRole('listitem').filter({ hasText: /Failed sign-in.*IMAP · 127\.0\.0\.1/ }),
  ).toBeVisible({
    timeout: 10_000,
  });
  await expect(
    log
      .getByRole('listitem')
      .filter({ hasText: /Signed in.*Webmail · 127\.0\.0\.1/ })
      .first(),
  ).toBeVisible();

  const sessions = page.getByRole('list', { name: "Where you're signed in" });
  await expect(sessions.getByRole('listitem')).toHaveCount(2);
  await sessions.getByRole('button', { name: /^Sign out / }).click();
  await expect(sessions.getByRole('listitem')).toHaveCount(1);
  const refused = await other.request.get('/api/u/0/mailbox');
  expect(refused.status()).toBe(401);
  await strangerContext.close();
  await otherContext.close();
});
