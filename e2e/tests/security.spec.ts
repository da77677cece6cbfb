import { expect, test, type BrowserContext, type Page } from '@playwright/test';
import { e2eLocalhostUrl } from '../support/environment';
import { newMailUser, type MailUser } from '../support/mail-user';
import {
  addFirstPasskeyInUi,
  confirmPassword,
  enableTotpInUi,
  imapLogin,
  signOut,
  smtpLogin,
  totpCode,
  virtualAuthenticator,
} from '../support/security';
import { signIn, submitSignIn, useLanguage } from '../support/sign-in';

const hasSessionCookie = async (context: BrowserContext) =>
  (await context.cookies()).some((c) => /^wm_(at|sk|rt)_/.test(c.name));

async function passwordStep(page: Page, user: MailUser) {
  await page.goto('/login/password');
  await submitSignIn(page, user, 'en');
  await expect(page).toHaveURL(/\/login\/2fa\/totp$/);
}

async function enterCode(page: Page, code: string) {
  await page.getByLabel('Code', { exact: true }).fill(code);
  await page.getByRole('button', { name: 'Verify' }).click();
}

test.beforeEach(async ({ context }) => {
  await useLanguage(context, 'en');
});

test('authenticator app: the password alone gives no session, each code once, lock, recovery code, off', async ({
  page,
  context,
  browser,
}) => {
  test.setTimeout(120_000);
  const user = newMailUser('totp');
  await signIn(page, user, 'en');
  await page.goto('/u/0/settings/security/2fa');
  const { secret, recoveryCodes } = await enableTotpInUi(page, user.password);
  await expect(page.getByText('On', { exact: true })).toBeVisible();
  // Outside mail clients lose the account password; the webmail keeps working.
  expect(await imapLogin(user.email, user.password)).toBe(false);
  await signOut(page);

  await passwordStep(page, user);
  expect(await hasSessionCookie(context)).toBe(false);
  const code = totpCode(secret, 1);
  await enterCode(page, code);
  await expect(page).toHaveURL(/\/u\/0\/[^/]+$/);
  await signOut(page);

  // The same code again: refused. A recovery code signs in, once.
  await passwordStep(page, user);
  await enterCode(page, code);
  await expect(page.getByRole('alert')).toHaveText('That code was used already. Wait for the next code.');
  await enterCode(page, recoveryCodes[0]!);
  await expect(page).toHaveURL(/\/u\/0\/[^/]+$/);
  await signOut(page);
  await passwordStep(page, user);
  await enterCode(page, recoveryCodes[0]!);
  await expect(page.getByRole('alert')).toContainText(/not valid/);
  await enterCode(page, recoveryCodes[1]!);
  await expect(page).toHaveURL(/\/u\/0\/[^/]+$/);

  // Another browser: five wrong codes, then the sixth attempt is locked with Retry-After.
  const other = await browser.newContext();
  await useLanguage(other, 'en');
  const second = await other.newPage();
  await passwordStep(second, user);
  for (let i = 0; i < 5; i += 1) {
    await enterCode(second, String(100000 + i));
    await expect(second.getByRole('alert')).toContainText(/not valid/);
  }
  const locked = second.waitForResponse((r) => r.url().endsWith('/api/auth/2fa'));
  await enterCode(second, recoveryCodes[2]!);
  const lockedResponse = await locked;
  expect(lockedResponse.status()).toBe(429);
  expect(Number(lockedResponse.headers()['retry-after'])).toBeGreaterThan(0);
  await expect(second.getByRole('alert')).toHaveText('Too many wrong codes. Wait a moment and try again.');
  expect(await hasSessionCookie(other)).toBe(false);
  await other.close();

  await page.goto('/u/0/settings/security/2fa');
  await page.getByRole('button', { name: 'Turn off' }).click();
  await confirmPassword(page, user.password);
  await expect(page.getByText('Off', { exact: true })).toBeVisible();
  expect(await imapLogin(user.email, user.password)).toBe(true);
});

test("passkey: register, sign in with password + passkey, another account's passkey never signs in, remove", async ({
  browser,
}) => {
  test.setTimeout(120_000);
  // WebAuthn takes a host name as relying party, not an IP address.
  const context = await browser.newContext({ baseURL: e2eLocalhostUrl });
  await useLanguage(context, 'en');
  const page = await context.newPage();
  const { cdp, authenticatorId } = await virtualAuthenticator(context, page);
  const [alice, bob] = [newMailUser('passkey-a'), newMailUser('passkey-b')];
  for (const user of [bob, alice]) {
    await signIn(page, user, 'en');
    await addFirstPasskeyInUi(page, user.password);
    await expect(page.getByRole('list', { name: 'Passkeys' }).getByText('Test key')).toBeVisible();
    await signOut(page);
  }
  const { credentials } = await cdp.send('WebAuthn.getCredentials', { authenticatorId });
  expect(credentials).toHaveLength(2);

  await page.goto('/login/password');
  await submitSignIn(page, alice, 'en');
  await expect(page).toHaveURL(/\/login\/2fa\/webauthn$/);
  expect(await hasSessionCookie(context)).toBe(false);

  // Bob's passkey answering Alice's pending sign-in (its challenge, his key): refused by the server.
  const bobCredential = credentials.find((c) => !c.isResidentCredential || c.userHandle)!;
  const refused = await page.evaluate(
    async (ids) => {
      const state = (window.history.state as { usr: { pending: { id: string } } }).usr;
      const xsrf = document.cookie.match(/XSRF-TOKEN=([^;]+)/)?.[1] ?? '';
      const headers = { 'content-type': 'application/json', 'x-xsrf-token': decodeURIComponent(xsrf) };
      const optionsResponse = await fetch('/api/auth/2fa/webauthn/options', {
        method: 'POST',
        headers,
        body: JSON.stringify({ id: state.pending.id }),
      });
      const { options } = (await optionsResponse.json()) as {
        options: { challenge: string; allowCredentials: { id: string }[] };
      };
      const b64 = (s: string) =>
        Uint8Array.from(atob(s.replace(/-/g, '+').replace(/_/g, '/')), (c) => c.charCodeAt(0));
      const url = (b: ArrayBuffer) =>
        btoa(String.fromCharCode(...new Uint8Array(b)))
          .replace(/\+/g, '-')
          .replace(/\//g, '_')
          .replace(/=+$/, '');
      const aliceIds = options.allowCredentials.map((c) => c.id);
      const other = ids.find((id) => !aliceIds.includes(id))!;
      const credential = (await navigator.credentials.get({
        publicKey: {
          challenge: b64(options.challenge),
          rpId: location.hostname,
          allowCredentials: [{ id: b64(other), type: 'public-key' }],
        },
      })) as PublicKeyCredential;
      const response = credential.response as AuthenticatorAssertionResponse;
      const answer = await fetch('/api/auth/2fa/webauthn', {
        method: 'POST',
        headers,
        body: JSON.stringify({
          id: state.pending.id,
          response: {
            id: credential.id,
            rawId: url(credential.rawId),
            type: 'public-key',
            clientExtensionResults: {},
            response: {
              clientDataJSON: url(response.clientDataJSON),
              authenticatorData: url(response.authenticatorData),
              signature: url(response.signature),
              userHandle: response.userHandle ? url(response.userHandle) : undefined,
            },
          },
        }),
      });
      return answer.status;
    },
    credentials.map((c) => c.credentialId.replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '')),
  );
  expect(refused).toBe(401);
  expect(bobCredential).toBeTruthy();
  expect(await hasSessionCookie(context)).toBe(false);

  await page.getByRole('button', { name: 'Use passkey' }).click();
  await expect(page).toHaveURL(/\/u\/0\/[^/]+$/);
  await page.goto('/u/0/settings/security/2fa');
  await page.getByRole('button', { name: 'Remove Test key' }).click();
  await confirmPassword(page, alice.password);
  await expect(page.getByText('No passkeys yet.')).toBeVisible();
  await context.close();
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
