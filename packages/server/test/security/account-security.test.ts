import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { imapAs, newMailUser, startServer } from '../support/harness.testing.js';
import { logLines } from '../support/log-lines.testing.js';
import { enableTotp, nextTotpCode, passwordStep, reauthenticate } from '../support/security.testing.js';

type Sessions = {
  sessions: Array<{ id: string; current: boolean; ip: string; device: { browser: string | null } }>;
};
type EventsPage = {
  events: Array<{ type: string; protocol: string; ip: string; count: number }>;
  total: number;
};

describe('password, sessions and the security log', () => {
  const { lines, stream } = logLines();
  let server: Awaited<ReturnType<typeof startServer>>;
  beforeAll(async () => {
    server = await startServer('sqlite', { LOG_LEVEL: 'trace' }, { logStream: stream });
  });
  afterAll(() => server.close());

  it('changes the password through the sandbox driver: this session goes on, the others end', async () => {
    const user = await newMailUser('pw');
    const current = server.client();
    const other = server.client();
    await current.signIn(user.email, user.password);
    await other.signIn(user.email, user.password);
    expect((await current.get<{ supported: boolean }>('/api/u/0/security/password')).body.supported).toBe(
      true,
    );

    const wrong = await current.post<{ fieldErrors: Record<string, unknown> }>('/api/u/0/security/password', {
      currentPassword: 'not-it',
      newPassword: 'a-new-password-1',
    });
    expect(wrong.status).toBe(422);
    expect(wrong.body.fieldErrors.currentPassword).toEqual([{ code: 'wrongPassword' }]);

    const newPassword = 'a-new-password-1';
    const res = await current.post('/api/u/0/security/password', {
      currentPassword: user.password,
      newPassword,
    });
    expect(res.status).toBe(200);
    await expect(imapAs(user)).rejects.toThrow();
    const client = await imapAs({ email: user.email, password: newPassword });
    await client.logout();

    expect((await current.get('/api/u/0/mailbox')).status).toBe(200);
    expect((await other.get('/api/u/0/mailbox')).status).toBe(401);
    // The current session's sealed password is the new one (a later re-login uses it).
    await reauthenticate(current, newPassword);
    const events = await server.app.services.securityEvents.recent(user.email);
    expect(events.map((e) => e.type)).toContain('passwordChanged');
  });

  it('lists the sessions of the account and signs one out; its next call is refused', async () => {
    const user = await newMailUser('sess');
    const mine = server.client();
    const stolen = server.client();
    await mine.signIn(user.email, user.password);
    await stolen.signIn(user.email, user.password);
    const list = await mine.get<Sessions>('/api/u/0/security/sessions');
    expect(list.body.sessions).toHaveLength(2);
    expect(list.body.sessions.filter((s) => s.current)).toHaveLength(1);
    expect(list.body.sessions[0]?.ip).toBe('127.0.0.1');
    const victim = list.body.sessions.find((s) => !s.current)!;
    expect((await mine.delete(`/api/u/0/security/sessions/${victim.id}`)).status).toBe(200);
    expect((await stolen.get('/api/u/0/mailbox')).status).toBe(401);
    expect((await stolen.post('/api/auth/refresh?userIndex=0')).status).toBe(401);
    expect((await mine.get('/api/u/0/mailbox')).status).toBe(200);
    expect((await mine.delete(`/api/u/0/security/sessions/${victim.id}`)).status).toBe(404);
  });

  it('shows every event newest first with protocol and IP; twenty failures in a bucket are one row', async () => {
    const user = await newMailUser('log');
    const owner = server.client();
    const { secret } = await enableTotp(owner, user);
    // A stranger's guesses (those held back by the lock are logged too).
    const stranger = server.client();
    await stranger.get('/api/');
    for (let i = 0; i < 20; i += 1)
      await stranger.post('/api/auth', { email: user.email, password: `wrong-${i}` });
    // The owner's own browser is not held back; it signs in again with both factors.
    const again = owner;
    const step = await passwordStep(again, user);
    await again.post('/api/auth/2fa', { id: step.body.secondFactor.id, code: nextTotpCode(secret) });
    const page = await again.get<EventsPage>('/api/u/0/security/events');
    expect(page.status).toBe(200);
    const failed = page.body.events.filter((e) => e.type === 'signInFailed');
    expect(failed).toHaveLength(1);
    expect(failed[0]).toMatchObject({ count: 20, protocol: 'web', ip: '127.0.0.1' });
    expect(page.body.events.map((e) => e.type)).toEqual(
      expect.arrayContaining(['signIn', 'twoFactorEnabled', 'twoFactorChecked']),
    );
    expect(page.body.total).toBe(page.body.events.length);
  });

  it('keeps secrets out of every log line and every later answer', async () => {
    const user = await newMailUser('secret');
    const client = server.client();
    const { secret, recoveryCodes } = await enableTotp(client, user);
    const created = await client.post<{ password: string }>('/api/u/0/security/asps', {
      description: 'Mail app',
      scopes: ['all'],
    });
    const options = await client.post<{ options: { challenge: string } }>(
      '/api/u/0/security/2fa/webauthn/options',
    );
    const challenge = options.body.options.challenge;
    const step = await passwordStep(server.client(), user);

    const later = [
      await client.get('/api/u/0/security/2fa'),
      await client.get('/api/u/0/security/asps'),
      await client.get('/api/u/0/security/events'),
      await client.get('/api/u/0/security/sessions'),
      await client.get('/api/auth/me?userIndex=0'),
    ]
      .map((r) => r.raw.toString('utf8'))
      .join('\n');
    const log = lines.join('');
    expect(log).toContain('incoming request');
    for (const value of [
      secret,
      ...recoveryCodes,
      created.body.password,
      challenge,
      step.body.secondFactor.id,
    ]) {
      expect(log).not.toContain(value);
      expect(later).not.toContain(value);
    }
  });
});

describe('the SQL password driver', () => {
  it("writes an ARGON2ID hash into the mail server's users table, which Dovecot then takes", async () => {
    const server = await startServer('sqlite', { PASSWORD_DRIVER: 'sql' });
    try {
      const user = await newMailUser('sqlpw');
      const client = server.client();
      await client.signIn(user.email, user.password);
      const newPassword = 'sql-driver-password';
      const res = await client.post('/api/u/0/security/password', {
        currentPassword: user.password,
        newPassword,
      });
      expect(res.status).toBe(200);
      await expect(imapAs(user)).rejects.toThrow();
      await (await imapAs({ email: user.email, password: newPassword })).logout();
    } finally {
      await server.close();
    }
  });

  it('without a driver the server says it cannot change the password', async () => {
    const server = await startServer('sqlite', { PASSWORD_DRIVER: 'none' });
    try {
      const user = await newMailUser('nopw');
      const client = server.client();
      await client.signIn(user.email, user.password);
      expect((await client.get<{ supported: boolean }>('/api/u/0/security/password')).body.supported).toBe(
        false,
      );
      const res = await client.post<{ reason: string }>('/api/u/0/security/password', {
        currentPassword: user.password,
        newPassword: 'whatever-new-1',
      });
      expect(res.status).toBe(422);
      expect(res.body.reason).toBe('passwordChangeUnsupported');
    } finally {
      await server.close();
    }
  });
});
