import { expect, test, type Page } from '@playwright/test';
import { e2eLocalhostUrl } from '../support/environment';
import { newMailUser, type MailUser } from '../support/mail-user';
import {
  addFirstPasskeyInUi,
  confirmPassword,
  enableTotpInUi,
  hasSessionCookie,
  imapLogin,
  signOut,
  totpCode,
  virtualAuthenticator,
} from '../support/security';
import { signIn, submitSignIn, useLanguage } from '../support/sign-in';

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
