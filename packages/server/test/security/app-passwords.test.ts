import { afterAll, beforeAll, describe, expect, it, inject } from 'vitest';
import { relayAuthReportsTo } from '../support/auth-report-relay.testing.js';
import { imapAs, newMailUser, startServer } from '../support/harness.testing.js';
import { imapAccepts, smtpLogin } from '../support/mail-logins.testing.js';
import { enableTotp, reauthenticate } from '../support/security.testing.js';

type Created = { item: { id: string; scopes: string[] }; password: string };
type Listed = {
  supported: boolean;
  items: Array<{ id: string; lastUse: { at: number; ip: string; protocol: string } | null }>;
};

const imapLogin = (email: string, pass: string) => imapAccepts({ user: email, pass });

/** Reports arrive asynchronously, a moment after the login (slower on a loaded machine): waited for up to 90 s. */
async function until(check: () => Promise<boolean>): Promise<void> {
  for (let i = 0; i < 900; i += 1) {
    if (await check()) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('condition not met in 90 s');
}

describe('application passwords in real mail clients', () => {
  let server: Awaited<ReturnType<typeof startServer>>;
  beforeAll(async () => {
    server = await startServer('sqlite');
    // The mail server's reports of every authentication (last use, security log) come to this server.
    await relayAuthReportsTo(inject('mailstack').reportPort, server.baseUrl);
  });
  afterAll(async () => {
    await relayAuthReportsTo(inject('mailstack').reportPort, null);
    await server.close();
  });

  it(
    'works for IMAP LOGIN and SMTP AUTH, shows its last use, and stops working once deleted',
    { timeout: 180_000 },
    async () => {
      const user = await newMailUser('asp');
      const client = server.client();
      await client.signIn(user.email, user.password);
      const unconfirmed = await client.post<{ reason: string }>('/api/u/0/security/asps', {
        description: 'Thunderbird',
        scopes: ['all'],
      });
      expect(unconfirmed.body.reason).toBe('reauthenticationRequired');
      await reauthenticate(client, user.password);
      const created = await client.post<Created>('/api/u/0/security/asps', {
        description: 'Thunderbird',
        scopes: ['all'],
      });
      expect(created.status).toBe(200);
      const { password, item } = created.body;
      expect(password).toMatch(/^[a-z]{16}$/);

      expect(await imapLogin(user.email, password)).toBe(true);
      expect(await smtpLogin(user.email, password)).toBe(true);
      await until(async () => {
        const list = await client.get<Listed>('/api/u/0/security/asps');
        return list.body.items[0]?.lastUse !== null;
      });
      const list = await client.get<Listed>('/api/u/0/security/asps');
      expect(list.body.supported).toBe(true);
      expect(list.body.items[0]?.lastUse).toMatchObject({ ip: '127.0.0.1' });
      // The listing never shows the password again.
      expect(JSON.stringify(list.body)).not.toContain(password);

      // An application password does not open the webmail (it would skip a second factor).
      const web = server.client();
      await web.get('/api/');
      expect((await web.post('/api/auth', { email: user.email, password })).status).toBe(401);

      expect((await client.delete(`/api/u/0/security/asps/${item.id}`)).status).toBe(200);
      expect(await imapLogin(user.email, password)).toBe(false);
      expect(await smtpLogin(user.email, password)).toBe(false);

      const events = await server.app.services.securityEvents.recent(user.email);
      const types = events.map((e) => e.type);
      expect(types).toEqual(
        expect.arrayContaining([
          'applicationPasswordCreated',
          'applicationPasswordUsed',
          'applicationPasswordDeleted',
        ]),
      );
      expect(events.find((e) => e.type === 'applicationPasswordUsed')?.protocol).toMatch(/imap|smtp/);
    },
  );

  it('keeps to its scopes', async () => {
    const user = await newMailUser('scope');
    const client = server.client();
    await client.signIn(user.email, user.password);
    await reauthenticate(client, user.password);
    const { body } = await client.post<Created>('/api/u/0/security/asps', {
      description: 'IMAP only',
      scopes: ['imap'],
    });
    expect(await imapLogin(user.email, body.password)).toBe(true);
    expect(await smtpLogin(user.email, body.password)).toBe(false);
  });

  it('is the only way in for outside clients under two-factor, and the 101st is refused', async () => {
    const user = await newMailUser('many');
    const client = server.client();
    await enableTotp(client, user);
    expect(await imapLogin(user.email, user.password)).toBe(false);
    expect(await smtpLogin(user.email, user.password)).toBe(false);
    const first = await client.post<Created>('/api/u/0/security/asps', {
      description: 'Phone',
      scopes: ['all'],
    });
    expect(await imapLogin(user.email, first.body.password)).toBe(true);
    for (let i = 2; i <= 100; i += 1) {
      const res = await client.post('/api/u/0/security/asps', {
        description: `Client ${i}`,
        scopes: ['imap'],
      });
      expect(res.status).toBe(200);
    }
    const refused = await client.post<{ reason: string }>('/api/u/0/security/asps', {
      description: 'One too many',
      scopes: ['imap'],
    });
    expect(refused.status).toBe(403);
    expect(refused.body.reason).toBe('tooManyApplicationPasswords');
    expect((await client.get<Listed>('/api/u/0/security/asps')).body.items).toHaveLength(100);
  }, 120_000);

  it(
    "logs outside sign-ins and failures by protocol from the mail server's reports",
    { timeout: 180_000 },
    async () => {
      const user = await newMailUser('outside');
      const imap = await imapAs(user);
      await imap.logout();
      expect(await imapLogin(user.email, 'wrong')).toBe(false);
      expect(await smtpLogin(user.email, 'wrong')).toBe(false);
      await until(async () => (await server.app.services.securityEvents.recent(user.email)).length >= 3);
      const events = await server.app.services.securityEvents.recent(user.email);
      expect(events.map((e) => `${e.type}/${e.protocol}`).sort()).toEqual([
        'signIn/imap',
        'signInFailed/imap',
        'signInFailed/smtp',
      ]);
    },
  );

  it('refuses reports without the secret', async () => {
    const res = await fetch(`${server.baseUrl}/api/mail-auth/report?command=report`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: 'Bearer wrong-secret-123456' },
      body: JSON.stringify({ login: 'x@example.test', success: true, protocol: 'imap', remote: '1.2.3.4' }),
    });
    expect(res.status).toBe(401);
  });
});
