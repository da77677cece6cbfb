import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cookieNames } from '@webmail/contracts';
import type { TestClient } from '../support/http-client.testing.js';
import { newMailUser, startServer } from '../support/harness.testing.js';

type Accounts = { accounts: Array<{ uid: number; email: string }> };

/**
 * What a request may carry without holding a live session of the device: the device cookie (and its XSRF
 * token) alone, or with one part of a slot's session that proves nothing by itself.
 */
const partialCarries: { name: string; keep: (name: string) => boolean }[] = [
  { name: 'device cookie only', keep: () => false },
  { name: 'device + session keys', keep: (n) => n.startsWith('wm_sk_') },
  { name: 'device + expiry cookies', keep: (n) => n.startsWith('wm_exp_') },
  { name: 'device + keys + expiry', keep: (n) => /^wm_(sk|exp)_/.test(n) },
];

/** A copy of `browser` with its device cookie, its XSRF token and the cookies `keep` lets through. */
function copyOf(server: { client: () => TestClient }, browser: TestClient, keep: (name: string) => boolean) {
  const copy = server.client();
  for (const [name, value] of browser.cookies) {
    if (name === cookieNames.device || name === cookieNames.xsrf || keep(name)) copy.cookies.set(name, value);
  }
  return copy;
}

describe('forgetting a device takes a live session of it to end sessions', () => {
  let server: Awaited<ReturnType<typeof startServer>>;
  let alice: { email: string; password: string };
  let bob: { email: string; password: string };

  beforeAll(async () => {
    server = await startServer('sqlite');
    [alice, bob] = await Promise.all([newMailUser('alice'), newMailUser('bob')]);
  });
  afterAll(() => server.close());

  /** Alice signed in (slot 0), Bob remembered but signed out (slot 1). */
  async function browserWithTwoAccounts(): Promise<TestClient> {
    const browser = server.client();
    await browser.signIn(alice.email, alice.password);
    await browser.signIn(bob.email, bob.password);
    expect((await browser.post('/api/auth/logout?userIndex=1')).status).toBe(200);
    return browser;
  }

  it.each(partialCarries)(
    '$name: forgets only the signed-out accounts and ends no session',
    async ({ keep }) => {
      const browser = await browserWithTwoAccounts();
      const carrier = copyOf(server, browser, keep);

      const one = await carrier.request('DELETE', '/api/auth/removeDeviceUser?index=0');
      expect(one.status).toBe(401);
      expect((await carrier.post('/api/auth/logoutAll')).status).toBe(401);
      const all = await carrier.request<Accounts>('DELETE', '/api/auth/removeDeviceUsers');
      expect(all.status).toBe(200);
      expect(all.body.accounts.map((a) => a.email)).toEqual([alice.email]);

      // Alice is still signed in and still listed; Bob (signed out) is forgotten.
      expect((await browser.get('/api/u/0/mailbox')).status).toBe(200);
      const listed = await browser.get<Accounts>('/api/auth/accounts');
      expect(listed.body.accounts.map((a) => a.email)).toEqual([alice.email]);
      await browser.post('/api/auth/logoutAll');
    },
  );

  it('with the access token of a slot: signs every account out and forgets them', async () => {
    const browser = await browserWithTwoAccounts();
    const all = await browser.request<Accounts>('DELETE', '/api/auth/removeDeviceUsers');
    expect(all.status).toBe(200);
    expect(browser.cookies.has('wm_at_0')).toBe(false);
    expect((await browser.get<Accounts>('/api/auth/accounts')).body.accounts).toEqual([]);
  });

  it('with only the refresh token of a slot (an idle tab): the same, and the session has ended', async () => {
    const browser = await browserWithTwoAccounts();
    const replay = copyOf(server, browser, () => true);
    const idle = copyOf(server, browser, (n) => n !== cookieNames.accessToken(0));
    const all = await idle.request<Accounts>('DELETE', '/api/auth/removeDeviceUsers');
    expect(all.status).toBe(200);
    expect((await replay.get('/api/u/0/mailbox')).status).toBe(401);
    expect((await browser.get<Accounts>('/api/auth/accounts')).body.accounts).toEqual([]);
  });

  it('removes one signed-in account with a live session of the device, and any signed-out one without', async () => {
    const browser = await browserWithTwoAccounts();
    const carrier = copyOf(server, browser, () => false);
    const signedOut = await carrier.request<Accounts>('DELETE', '/api/auth/removeDeviceUser?index=1');
    expect(signedOut.status).toBe(200);
    expect(signedOut.body.accounts.map((a) => a.email)).toEqual([alice.email]);
    const replay = copyOf(server, browser, () => true);
    const own = await browser.request<Accounts>('DELETE', '/api/auth/removeDeviceUser?index=0');
    expect(own.status).toBe(200);
    expect(own.body.accounts).toEqual([]);
    expect((await replay.get('/api/u/0/mailbox')).status).toBe(401);
  });
});
