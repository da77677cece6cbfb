import { generateKeyPairSync } from 'node:crypto';
import { decodeJwt, SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cookieNames } from '@webmail/contracts';
import { newMailUser, testPublicUrl } from '../support/harness.testing.js';
import type { TestClient } from '../support/http-client.testing.js';
import { idpClientId } from '../support/oidc-provider.testing.js';
import { providerRoundTrip, signInWithIdp, startOidcServer } from '../support/oidc.testing.js';

/** Nothing of a session reached the browser, and the device lists no account. */
async function expectNotSignedIn(client: TestClient) {
  for (const name of [cookieNames.accessToken(0), cookieNames.refreshToken(0), cookieNames.sessionKey(0)]) {
    expect(client.cookies.has(name), name).toBe(false);
  }
  expect((await client.get<{ accounts: unknown[] }>('/api/auth/accounts')).body.accounts).toEqual([]);
  expect((await client.get('/api/auth/me?userIndex=0')).status).toBe(401);
}

const refusedWith = (reason: string) => `/login/password?reason=${reason}`;

describe('single sign-on refusals and back-channel logout', () => {
  let oidc: Awaited<ReturnType<typeof startOidcServer>>;
  let carol: { email: string; password: string };
  let dave: { email: string; password: string };
  let erin: { email: string; password: string };

  beforeAll(async () => {
    oidc = await startOidcServer('sqlite');
    [carol, dave, erin] = await Promise.all([
      newMailUser('sso-carol'),
      newMailUser('sso-dave'),
      newMailUser('sso-erin'),
    ]);
    oidc.idp.addUser({ sub: 'erin', email: erin.email });
    oidc.idp.addUser({ sub: 'carol', email: carol.email });
    oidc.idp.addUser({ sub: 'unverified', email: carol.email, emailVerified: false });
    oidc.idp.addUser({ sub: 'stranger', email: 'nobody-here@example.test' });
  });
  afterAll(() => oidc.close());

  it('refuses a callback whose state was altered or missing, or without the flow cookie', async () => {
    for (const tamper of [
      (url: URL) => url.searchParams.set('state', `${url.searchParams.get('state')}x`),
      (url: URL) => url.searchParams.set('state', 'a'.repeat(43)),
      (url: URL) => url.searchParams.delete('state'),
    ]) {
      const client = oidc.server.client();
      const callback = await providerRoundTrip(client, oidc.idp, 'carol');
      tamper(callback);
      const res = await client.get(callback.pathname + callback.search);
      expect(res.status).toBe(303);
      expect(res.headers.get('location')).toBe(refusedWith('ssoFailed'));
      await expectNotSignedIn(client);
    }
    const client = oidc.server.client();
    const callback = await providerRoundTrip(client, oidc.idp, 'carol');
    client.cookies.delete('oidc_flow');
    const res = await client.get(callback.pathname + callback.search);
    expect(res.headers.get('location')).toBe(refusedWith('ssoFailed'));
    await expectNotSignedIn(client);
  });

  it('refuses a replayed code: the first use signs in, the second (same browser, same flow cookie) does not', async () => {
    const client = oidc.server.client();
    const callback = await providerRoundTrip(client, oidc.idp, 'carol');
    const flow = client.cookies.get('oidc_flow')!;
    const first = await client.get(callback.pathname + callback.search);
    expect(first.headers.get('location')).toBe('/u/0');

    const attacker = oidc.server.client();
    attacker.cookies.set('oidc_flow', flow);
    const replay = await attacker.get(callback.pathname + callback.search);
    expect(replay.headers.get('location')).toBe(refusedWith('ssoFailed'));
    await expectNotSignedIn(attacker);
  });

  it('refuses an ID token whose nonce is not the one this browser sent', async () => {
    const client = oidc.server.client();
    const begun = await client.get('/api/auth/oidc/start?lang=et');
    const authorize = new URL(begun.headers.get('location')!);
    expect(authorize.searchParams.get('ui_locales')).toBe('et');
    expect(authorize.searchParams.get('code_challenge_method')).toBe('S256');
    authorize.searchParams.set('nonce', 'a-nonce-someone-else-chose');
    const callback = await oidc.idp.browser().signIn(authorize.toString(), 'carol');
    const res = await client.get(callback.pathname + callback.search);
    expect(res.headers.get('location')).toBe(refusedWith('ssoFailed'));
    await expectNotSignedIn(client);
  });

  it('refuses an address the provider has not verified', async () => {
    const unverified = oidc.server.client();
    const a = await signInWithIdp(unverified, oidc.idp, 'unverified');
    expect(a.headers.get('location')).toBe(refusedWith('ssoUnverifiedAddress'));
    await expectNotSignedIn(unverified);
  });

  it('refuses an address the mail server does not know', async () => {
    const stranger = oidc.server.client();
    const b = await signInWithIdp(stranger, oidc.idp, 'stranger');
    expect(b.headers.get('location')).toBe(refusedWith('ssoUnknownAddress'));
    await expectNotSignedIn(stranger);
  });

  it('passes the sign-in reason back when the user turns the provider down', async () => {
    const client = oidc.server.client();
    await client.get('/api/auth/oidc/start?lang=fi&reason=missingExpiryCookie');
    const res = await client.get('/api/auth/oidc/callback?error=access_denied&state=whatever');
    expect(res.headers.get('location')).toBe(refusedWith('missingExpiryCookie'));
    await expectNotSignedIn(client);
  });

  it("ends the subject's session on the provider's back-channel logout; a forged logout token changes nothing", async () => {
    const client = oidc.server.client();
    expect((await signInWithIdp(client, oidc.idp, 'carol')).headers.get('location')).toBe('/u/0');
    expect((await client.get('/api/auth/me?userIndex=0')).status).toBe(200);

    const forger = generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey;
    const forged = await new SignJWT({
      sub: 'carol',
      events: { 'http://schemas.openid.net/event/backchannel-logout': {} },
      jti: 'forged',
    })
      .setProtectedHeader({ alg: 'RS256', kid: 'test' })
      .setIssuer(oidc.idp.issuer)
      .setAudience(idpClientId)
      .setIssuedAt()
      .sign(forger);
    const refused = await fetch(`${oidc.server.baseUrl}/api/auth/oidc/backchannel-logout`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ logout_token: forged }),
    });
    expect(refused.status).toBe(400);
    expect((await client.get('/api/auth/me?userIndex=0')).status).toBe(200);

    await oidc.idp.backchannelLogout('carol');
    expect((await client.get('/api/auth/me?userIndex=0')).status).toBe(401);
    expect((await client.post('/api/auth/refresh?userIndex=0')).status).toBe(401);
  });

  it('answers the sign-out of an SSO account with the provider end-session URL', async () => {
    const client = oidc.server.client();
    expect((await signInWithIdp(client, oidc.idp, 'carol')).headers.get('location')).toBe('/u/0');
    const me = await client.get<{ signedInWith?: string }>('/api/auth/me?userIndex=0');
    expect(me.body.signedInWith).toBe('Test IdP');
    const out = await client.delete<{ endSessionUrl?: string }>('/api/auth/removeDeviceUser?index=0');
    expect(out.status).toBe(200);
    const end = new URL(out.body.endSessionUrl!);
    expect(end.origin + end.pathname).toBe(`${oidc.idp.issuer}/session/end`);
    expect(end.searchParams.get('id_token_hint')).toBeTruthy();
    await expectNotSignedIn(client);
  });

  it('ends the provider session on "sign out of all accounts" among password accounts, and on device logout', async () => {
    for (const call of ['POST /api/auth/logoutAll', 'DELETE /api/auth/removeDeviceUsers'] as const) {
      const client = oidc.server.client();
      expect((await signInWithIdp(client, oidc.idp, 'carol')).headers.get('location')).toBe('/u/0');
      expect((await client.signIn(dave.email, dave.password)).userIndex).toBe(1);
      // The browser's later sign-in at the provider replaced the earlier one there: its ID token is the hint.
      expect((await signInWithIdp(client, oidc.idp, 'erin')).headers.get('location')).toBe('/u/2');
      const [method, path] = call.split(' ') as ['POST' | 'DELETE', string];
      const out = await client.request<{ accounts: unknown[]; endSessionUrl?: string }>(method, path);
      expect(out.status, call).toBe(200);
      expect(out.body.accounts).toEqual([]);
      const end = new URL(out.body.endSessionUrl ?? 'http://none.invalid/');
      expect(end.origin + end.pathname, call).toBe(`${oidc.idp.issuer}/session/end`);
      expect(decodeJwt(end.searchParams.get('id_token_hint') ?? '').sub).toBe('erin');
      expect(end.searchParams.get('post_logout_redirect_uri')).toBe(`${testPublicUrl}/login`);
      await expectNotSignedIn(client);
    }
  });
});
