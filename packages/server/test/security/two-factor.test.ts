import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { dbKinds, imapAs, newMailUser, startServer } from '../support/harness.testing.js';
import {
  enableTotp,
  nextTotpCode,
  passwordStep,
  reauthenticate,
  sessionCookieNames,
  totpCode,
} from '../support/security.testing.js';

describe.each(dbKinds)('two-factor sign-in with an authenticator app (%s)', (db) => {
  let server: Awaited<ReturnType<typeof startServer>>;
  beforeAll(async () => {
    server = await startServer(db);
  });
  afterAll(() => server.close());

  it('needs a recent re-authentication for every change', async () => {
    const user = await newMailUser('reauth');
    const client = server.client();
    await client.signIn(user.email, user.password);
    const refused = await client.post<{ reason: string }>('/api/u/0/security/2fa/totp/setup');
    expect(refused.status).toBe(403);
    expect(refused.body.reason).toBe('reauthenticationRequired');
    const wrong = await client.post<{ reason: string }>('/api/u/0/security/reauth', { password: 'nope' });
    expect(wrong.status).toBe(401);
    expect(wrong.body.reason).toBe('wrongPassword');
    await reauthenticate(client, user.password);
    expect((await client.post('/api/u/0/security/2fa/totp/setup')).status).toBe(200);
  });

  it('signs in with password + code only, each code once; the password alone sets no session cookie', async () => {
    const user = await newMailUser('totp');
    const { secret, recoveryCodes } = await enableTotp(server.client(), user);
    expect(recoveryCodes).toHaveLength(10);

    const browser = server.client();
    const step = await passwordStep(browser, user);
    expect(step.status).toBe(200);
    expect(step.body.secondFactor.methods).toEqual(['totp']);
    expect(sessionCookieNames(step.setCookies)).toEqual([]);
    expect((await browser.get('/api/u/0/mailbox')).status).toBe(401);

    // The code enabling TOTP used this step already: the next one signs in.
    const code = nextTotpCode(secret);
    const done = await browser.post<{ userIndex: number; user: { twoFactor: string[] } }>('/api/auth/2fa', {
      id: step.body.secondFactor.id,
      code,
    });
    expect(done.status).toBe(200);
    expect(done.body.user.twoFactor).toEqual(['totp']);
    expect(sessionCookieNames(done.setCookies)).toEqual(expect.arrayContaining(['wm_at_0', 'wm_sk_0']));
    expect((await browser.get('/api/u/0/mailbox')).status).toBe(200);
    // The pending sign-in is used up.
    expect((await browser.post('/api/auth/2fa', { id: step.body.secondFactor.id, code })).status).toBe(401);

    // The same code again, in a new sign-in: refused.
    const other = server.client();
    const again = await passwordStep(other, user);
    const reused = await other.post<{ reason: string }>('/api/auth/2fa', {
      id: again.body.secondFactor.id,
      code,
    });
    expect(reused.status).toBe(401);
    expect(reused.body.reason).toBe('codeAlreadyUsed');
  });

  it('locks after five wrong codes with Retry-After; a recovery code works once', async () => {
    const user = await newMailUser('lock');
    const owner = server.client();
    const { recoveryCodes } = await enableTotp(owner, user);
    const browser = server.client();
    const { body } = await passwordStep(browser, user);
    const id = body.secondFactor.id;
    for (let i = 0; i < 5; i += 1) {
      const wrong = await browser.post<{ reason: string }>('/api/auth/2fa', { id, code: '000000' });
      expect(wrong.status).toBe(401);
    }
    const locked = await browser.post('/api/auth/2fa', { id, code: recoveryCodes[0] });
    expect(locked.status).toBe(429);
    expect(Number(locked.headers.get('retry-after'))).toBeGreaterThanOrEqual(30);

    // The owner's own browser (it had a session of the account) is not held back by that lock.
    const pending = await passwordStep(owner, user);
    const recovered = await owner.post('/api/auth/2fa', {
      id: pending.body.secondFactor.id,
      code: recoveryCodes[1],
    });
    expect(recovered.status).toBe(200);
    const second = await passwordStep(owner, user);
    const reused = await owner.post<{ reason: string }>('/api/auth/2fa', {
      id: second.body.secondFactor.id,
      code: recoveryCodes[1],
    });
    expect(reused.status).toBe(401);
    expect(reused.body.reason).toBe('wrongCode');
  });

  it('lets a pending sign-in expire after a few minutes', async () => {
    const user = await newMailUser('expire');
    const owner = server.client();
    const { secret } = await enableTotp(owner, user);
    const { body } = await passwordStep(owner, user);
    expect(body.secondFactor.expiresAt - Date.now()).toBeLessThanOrEqual(5 * 60_000);
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + 5 * 60_000 + 1000 });
    try {
      const late = await owner.post<{ reason: string }>('/api/auth/2fa', {
        id: body.secondFactor.id,
        code: totpCode(secret),
      });
      expect(late.status).toBe(401);
      expect(late.body.reason).toBe('signInExpired');
    } finally {
      vi.useRealTimers();
    }
  });

  it('refuses a pending sign-in from another browser', async () => {
    const user = await newMailUser('steal');
    const { secret } = await enableTotp(server.client(), user);
    const { body } = await passwordStep(server.client(), user);
    const thief = server.client();
    await thief.get('/api/');
    const res = await thief.post<{ reason: string }>('/api/auth/2fa', {
      id: body.secondFactor.id,
      code: nextTotpCode(secret),
    });
    expect(res.status).toBe(401);
    expect(res.body.reason).toBe('signInExpired');
  });

  it('refuses the account password to outside IMAP clients while on; the webmail keeps working', async () => {
    const user = await newMailUser('outside');
    const owner = server.client();
    const { secret } = await enableTotp(owner, user);
    await expect(imapAs(user)).rejects.toThrow();
    expect((await owner.get('/api/u/0/mailbox')).status).toBe(200);

    const browser = server.client();
    const { body } = await passwordStep(browser, user);
    expect(
      (await browser.post('/api/auth/2fa', { id: body.secondFactor.id, code: nextTotpCode(secret) })).status,
    ).toBe(200);
    expect((await browser.get('/api/u/0/mailbox')).status).toBe(200);

    await reauthenticate(browser, user.password);
    expect((await browser.delete('/api/u/0/security/2fa/totp')).status).toBe(200);
    const client = await imapAs(user);
    await client.logout();
    const status = await browser.get<{ methods: string[]; recoveryCodesLeft: number }>(
      '/api/u/0/security/2fa',
    );
    expect(status.body).toMatchObject({ methods: [], recoveryCodesLeft: 0 });
  });

  it('re-authenticates with a code too, and a wrong enabling code is a field error', async () => {
    const user = await newMailUser('code');
    const client = server.client();
    await client.signIn(user.email, user.password);
    await reauthenticate(client, user.password);
    const setup = await client.post<{ secret: string }>('/api/u/0/security/2fa/totp/setup');
    const bad = await client.post<{ fieldErrors: Record<string, unknown> }>(
      '/api/u/0/security/2fa/totp/enable',
      {
        code: totpCode(setup.body.secret, Date.now() - 10 * 60_000),
      },
    );
    expect(bad.status).toBe(422);
    expect(bad.body.fieldErrors.code).toEqual([{ code: 'wrongCode' }]);
    const ok = await client.post('/api/u/0/security/2fa/totp/enable', { code: totpCode(setup.body.secret) });
    expect(ok.status).toBe(200);
    const res = await client.post('/api/u/0/security/reauth', { code: nextTotpCode(setup.body.secret) });
    expect(res.status).toBe(200);
  });
});
