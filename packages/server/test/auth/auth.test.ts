import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dbKinds, newMailUser, startServer } from '../support/harness.testing.js';

const cookieLine = (lines: string[], name: string) => lines.find((l) => l.startsWith(`${name}=`)) ?? '';

describe.each(dbKinds)('sign-in and sessions on %s', (db) => {
  let server: Awaited<ReturnType<typeof startServer>>;
  let alice: { email: string; password: string };
  let bob: { email: string; password: string };

  beforeAll(async () => {
    server = await startServer(db);
    [alice, bob] = await Promise.all([newMailUser('alice'), newMailUser('bob')]);
  });
  afterAll(() => server.close());

  it('GET /api/ answers the health check and sets a JS-readable XSRF-TOKEN cookie', async () => {
    const client = server.client();
    const res = await client.get<{ ok: boolean }>('/api/');
    expect(res.status).toBe(200);
    expect(res.body.ok).toBe(true);
    const xsrf = cookieLine(res.setCookies, 'XSRF-TOKEN');
    expect(xsrf).toMatch(/^XSRF-TOKEN=[\w-]{20,}/);
    expect(xsrf).not.toMatch(/HttpOnly/i);
  });

  it('refuses a state-changing call without the XSRF header with 419', async () => {
    const client = server.client();
    await client.get('/api/');
    const missing = await client.post<{ code: string }>('/api/auth', alice, { xsrf: false });
    expect(missing.status).toBe(419);
    expect(missing.body.code).toBe('XsrfMismatch');
    const wrong = await client.post<{ code: string }>('/api/auth', alice, { xsrf: 'not-the-cookie' });
    expect(wrong.status).toBe(419);
  });

  it('answers a wrong password with 401 and a clear message', async () => {
    const client = server.client();
    await client.get('/api/');
    const res = await client.post<{ code: string; message: string }>('/api/auth', {
      ...alice,
      password: 'nope',
    });
    expect(res.status).toBe(401);
    expect(res.body.code).toBe('AuthFailed');
    expect(res.body.message).toMatch(/wrong e-mail address or password/i);
    expect(res.setCookies.some((c) => c.startsWith('wm_at_'))).toBe(false);
  });

  it('answers bad input with 422 and field errors', async () => {
    const client = server.client();
    await client.get('/api/');
    const res = await client.post<{ code: string; errors: Record<string, string[]> }>('/api/auth', {
      email: 'not-an-address',
    });
    expect(res.status).toBe(422);
    expect(res.body.code).toBe('ValidationError');
    expect(Object.keys(res.body.errors).sort()).toEqual(['email', 'password']);
  });

  it('signs in, sets the session cookies with the right flags and lists the account', async () => {
    const client = server.client();
    await client.get('/api/');
    const res = await client.post<{
      userIndex: number;
      user: { email: string; name: string };
      expiresAt: number;
    }>('/api/auth', alice);
    expect(res.status).toBe(200);
    expect(res.body.userIndex).toBe(0);
    expect(res.body.user.email).toBe(alice.email);
    for (const name of ['wm_device', 'wm_at_0', 'wm_rt_0', 'wm_sk_0']) {
      expect(cookieLine(res.setCookies, name)).toMatch(/HttpOnly/i);
      expect(cookieLine(res.setCookies, name)).toMatch(/SameSite=Lax/i);
    }
    const expiry = cookieLine(res.setCookies, 'wm_exp_0');
    expect(expiry).not.toMatch(/HttpOnly/i);
    expect(expiry).toContain(`wm_exp_0=${res.body.expiresAt}`);
    // The IMAP password never appears in any cookie.
    expect(res.setCookies.join('\n')).not.toContain(alice.password);

    const accounts = await client.get<{ accounts: Array<{ uid: number; email: string }> }>(
      '/api/auth/accounts',
    );
    expect(accounts.body.accounts).toEqual([expect.objectContaining({ uid: 0, email: alice.email })]);
    const me = await client.get<{ email: string }>('/api/auth/me?userIndex=0');
    expect(me.body.email).toBe(alice.email);
  });

  it('keeps a second account in its own slot and authorizes each index only with its own cookies', async () => {
    const client = server.client();
    await client.signIn(alice.email, alice.password);
    expect((await client.get('/api/u/1/mailbox')).status).toBe(401);
    const second = await client.signIn(bob.email, bob.password);
    expect(second.userIndex).toBe(1);
    expect((await client.get('/api/u/1/mailbox')).status).toBe(200);
    const accounts = await client.get<{ accounts: Array<{ uid: number; email: string }> }>(
      '/api/auth/accounts',
    );
    expect(accounts.body.accounts.map((a) => [a.uid, a.email])).toEqual([
      [0, alice.email],
      [1, bob.email],
    ]);
    // Another browser (no device cookie) sees none of them.
    expect((await server.client().get<{ accounts: unknown[] }>('/api/auth/accounts')).body.accounts).toEqual(
      [],
    );
  });

  it('rotates the refresh token and revokes the session when an old one is reused', async () => {
    const client = server.client();
    await client.signIn(alice.email, alice.password);
    const oldRefresh = client.cookies.get('wm_rt_0')?.value;
    const refreshed = await client.post('/api/auth/refresh?userIndex=0');
    expect(refreshed.status).toBe(200);
    expect(client.cookies.get('wm_rt_0')?.value).not.toBe(oldRefresh);
    expect((await client.get('/api/u/0/mailbox')).status).toBe(200);

    const stolen = server.client();
    for (const [k, v] of client.cookies) stolen.cookies.set(k, v);
    stolen.cookies.set('wm_rt_0', { value: oldRefresh ?? '', attributes: '' });
    expect((await stolen.post('/api/auth/refresh?userIndex=0')).status).toBe(401);
    // Reuse revoked the session for the legitimate holder too.
    expect((await client.get('/api/u/0/mailbox')).status).toBe(401);
  });

  it('user logout ends the session but the device still lists the account, in the same slot on return', async () => {
    const client = server.client();
    await client.signIn(alice.email, alice.password);
    await client.signIn(bob.email, bob.password);
    const replay = server.client();
    for (const [k, v] of client.cookies) replay.cookies.set(k, v);
    const out = await client.post('/api/auth/logout?userIndex=0');
    expect(out.status).toBe(200);
    expect(client.cookies.has('wm_exp_0')).toBe(false);
    expect((await client.get('/api/u/0/mailbox')).status).toBe(401);
    // Cookies copied before sign-out are dead too: revocation is on the server, not just in the browser.
    expect((await replay.get('/api/u/0/mailbox')).status).toBe(401);
    expect((await client.get('/api/u/1/mailbox')).status).toBe(200);
    const accounts = await client.get<{ accounts: Array<{ uid: number }> }>('/api/auth/accounts');
    expect(accounts.body.accounts.map((a) => a.uid)).toEqual([0, 1]);
    expect((await client.signIn(alice.email, alice.password)).userIndex).toBe(0);
  });

  it('device-user logout forgets one account; device logout forgets them all', async () => {
    const client = server.client();
    await client.signIn(alice.email, alice.password);
    await client.signIn(bob.email, bob.password);
    const removed = await client.request<{ accounts: Array<{ uid: number; email: string }> }>(
      'DELETE',
      '/api/auth/removeDeviceUser?index=0',
    );
    expect(removed.status).toBe(200);
    expect(removed.body.accounts.map((a) => a.email)).toEqual([bob.email]);
    expect(client.cookies.has('wm_at_0')).toBe(false);
    expect((await client.get('/api/u/1/mailbox')).status).toBe(200);
    // A new account takes the freed slot.
    expect((await client.signIn(alice.email, alice.password)).userIndex).toBe(0);

    const all = await client.post<{ accounts: unknown[] }>('/api/auth/logoutAll');
    expect(all.body.accounts).toEqual([]);
    expect((await client.get('/api/u/0/mailbox')).status).toBe(401);
    expect((await client.get('/api/u/1/mailbox')).status).toBe(401);
    expect((await client.get<{ accounts: unknown[] }>('/api/auth/accounts')).body.accounts).toEqual([]);

    await client.signIn(alice.email, alice.password);
    expect((await client.request('DELETE', '/api/auth/removeDeviceUsers')).status).toBe(200);
    expect((await client.get<{ accounts: unknown[] }>('/api/auth/accounts')).body.accounts).toEqual([]);
  });

  it("refuses another device's copy of the session cookies", async () => {
    const client = server.client();
    await client.signIn(alice.email, alice.password);
    const otherDevice = server.client();
    for (const [k, v] of client.cookies) if (k !== 'wm_device') otherDevice.cookies.set(k, v);
    expect((await otherDevice.get('/api/u/0/mailbox')).status).toBe(401);
    expect((await client.get('/api/u/0/mailbox')).status).toBe(200);
  });

  it('writes sign-ins and failures to the security log, merged with a count', async () => {
    const carol = await newMailUser('carol');
    const client = server.client();
    await client.get('/api/');
    await client.post('/api/auth', { ...carol, password: 'wrong' });
    await client.post('/api/auth', { ...carol, password: 'wrong' });
    await client.signIn(carol.email, carol.password);
    const events = await server.app.services.securityEvents.recent(carol.email);
    const byType = Object.fromEntries(events.map((e) => [e.type, e]));
    expect(byType.signInFailed).toMatchObject({ count: 2, protocol: 'web', ip: '127.0.0.1' });
    expect(byType.signIn).toMatchObject({ count: 1 });
  });
});
