import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newMailUser, startServer } from '../support/harness.testing.js';

describe('without single sign-on configured', () => {
  let server: Awaited<ReturnType<typeof startServer>>;
  let passwordOff: Awaited<ReturnType<typeof startServer>>;

  beforeAll(async () => {
    [server, passwordOff] = await Promise.all([
      startServer('sqlite'),
      startServer('sqlite', { PASSWORD_SIGN_IN: 'false' }),
    ]);
  });
  afterAll(async () => {
    await Promise.all([server.close(), passwordOff.close()]);
  });

  it('answers 404 on every single sign-on route and the health check names no provider', async () => {
    const client = server.client();
    const health = await client.get<Record<string, unknown>>('/api/');
    expect(Object.keys(health.body).sort()).toEqual(['authAppUrl', 'name', 'ok', 'version']);
    expect((await client.get('/api/auth/oidc/start?lang=en')).status).toBe(404);
    expect((await client.get('/api/auth/oidc/callback?code=x&state=y')).status).toBe(404);
    const logout = await fetch(`${server.baseUrl}/api/auth/oidc/backchannel-logout`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'logout_token=abc',
    });
    expect(logout.status).toBe(404);
  });

  it('with PASSWORD_SIGN_IN=false refuses the password sign-in (403) and says so in the health check', async () => {
    const user = await newMailUser('pw-off');
    const client = passwordOff.client();
    expect((await client.get<{ passwordSignIn?: boolean }>('/api/')).body.passwordSignIn).toBe(false);
    const res = await client.post('/api/auth', user);
    expect(res.status).toBe(403);
    expect((await client.get<{ accounts: unknown[] }>('/api/auth/accounts')).body.accounts).toEqual([]);
  });
});
