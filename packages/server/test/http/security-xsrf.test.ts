import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestClient } from '../support/http-client.testing.js';
import { newMailUser, startServer } from '../support/harness.testing.js';

/**
 * Security 1: the XSRF check tested the raw URL for an `/api` prefix, so a percent-encoded
 * prefix (which the router decodes) skipped it; and a self-made cookie + header pair passed.
 */
describe('Security 1: XSRF on every state-changing call, bound to the device', () => {
  let server: Awaited<ReturnType<typeof startServer>>;
  let user: { email: string; password: string };
  let client: TestClient;

  beforeAll(async () => {
    server = await startServer('sqlite');
    user = await newMailUser('xsrf');
    client = server.client();
    await client.signIn(user.email, user.password);
  });
  afterAll(() => server.close());

  it.each([
    ['POST', '/%61pi/u/0/mailbox/folders', { name: 'Probe a', parent: null }],
    ['POST', '/a%70i/u/0/mailbox/folders', { name: 'Probe b', parent: null }],
    ['POST', '/%61%70%69/u/0/mailbox/folders', { name: 'Probe c', parent: null }],
    ['PATCH', '/%61pi/u/0/details', { view_mode: '2-panel' }],
    ['DELETE', '/%61pi/auth/removeDeviceUser?index=0', undefined],
  ])('refuses %s %s without the XSRF header (419, not handled)', async (method, path, body) => {
    const browser = server.client();
    await browser.signIn(user.email, user.password);
    // Before: 200 (folder created, details changed, account forgotten).
    const res = await browser.request<{ code: string }>(method, path, { body, xsrf: false });
    expect(res.status).toBe(419);
    expect(res.body).toMatchObject({ code: 'XsrfMismatch', message: expect.any(String) });
    expect((await browser.get('/api/u/0/mailbox')).status).toBe(200);
  });

  it('refuses a self-made cookie + header pair', async () => {
    const forged = server.client();
    for (const [k, v] of client.cookies) forged.cookies.set(k, v);
    forged.cookies.set('XSRF-TOKEN', { value: 'self-made-token-0123456789abcdef', attributes: '' });
    // Before: 200 (the cookie equalled the header). After: 419.
    const res = await forged.post<{ code: string }>('/api/u/0/mailbox/folders', {
      name: 'Forged',
      parent: null,
    });
    expect(res.status).toBe(419);
    expect(res.body.code).toBe('XsrfMismatch');
  });

  it("refuses another device's token", async () => {
    const other = server.client();
    await other.get('/api/');
    const res = await client.post(
      '/api/u/0/mailbox/folders',
      { name: 'Other', parent: null },
      {
        xsrf: other.xsrf!,
      },
    );
    expect(res.status).toBe(419);
  });

  it('signs in from a fresh browser: 419 first, GET /api/ gives a token, then sign-in and calls pass', async () => {
    const fresh = server.client();
    expect((await fresh.post('/api/auth', user)).status).toBe(419);
    const health = await fresh.get('/api/');
    expect(health.setCookies.some((c) => c.startsWith('XSRF-TOKEN='))).toBe(true);
    const before = fresh.xsrf;
    expect((await fresh.post('/api/auth', user)).status).toBe(200);
    // The sign-in gave the device a new id, and with it a new token.
    expect(fresh.xsrf).not.toBe(before);
    const created = await fresh.post('/api/u/0/mailbox/folders', { name: 'Fresh', parent: null });
    expect(created.status).toBe(200);
    // A stale token is answered 419; GET /api/ renews it (the web client's retry).
    const stale = await fresh.post(
      '/api/u/0/mailbox/folders',
      { name: 'Stale', parent: null },
      {
        xsrf: before!,
      },
    );
    expect(stale.status).toBe(419);
    await fresh.get('/api/');
    expect((await fresh.post('/api/u/0/mailbox/folders', { name: 'Stale', parent: null })).status).toBe(200);
  });
});
