import { ImapFlow } from 'imapflow';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { newMailUser, startServer } from '../support/harness.testing.js';
import type { TestClient } from '../support/http-client.testing.js';
import { reauthenticate } from '../support/security.testing.js';

/** An outside mail client's IMAP session on the public port, idling (IDLE) as a mail client does. */
async function idleSession(email: string, pass: string) {
  const client = new ImapFlow({
    host: '127.0.0.1',
    port: inject('mailstack').ports.imap,
    secure: false,
    auth: { user: email, pass },
    logger: false,
  });
  await client.connect();
  await client.mailboxOpen('INBOX');
  const closed = new Promise<void>((resolve) => client.once('close', () => resolve()));
  // Held open: IDLE until the server ends it.
  void client.idle().catch(() => undefined);
  return { client, closed };
}

/** Resolves when the session is closed by the server; fails after `ms` (the bound, not a wait). */
function closedWithin(session: { closed: Promise<void> }, ms: number) {
  return Promise.race([
    session.closed.then(() => 'closed'),
    new Promise((resolve) => setTimeout(() => resolve('still open'), ms).unref()),
  ]);
}

/**
 * The webmail's own access goes on after the kick (Dovecot ends the account's sessions, the webmail's among them;
 * its connections log in again): the next read succeeds, or, where it took a connection in the moment Dovecot
 * closed it, is answered 503 with Retry-After and succeeds when asked again, as the web app asks.
 */
async function webmailGoesOn(client: TestClient): Promise<number> {
  const first = await client.get('/api/u/0/mailbox');
  if (first.status !== 503) return first.status;
  expect(first.headers.get('retry-after'), JSON.stringify(first.body)).not.toBeNull();
  return (await client.get('/api/u/0/mailbox')).status;
}

async function signedIn(server: Awaited<ReturnType<typeof startServer>>, prefix: string) {
  const user = await newMailUser(prefix);
  const client = server.client();
  await client.signIn(user.email, user.password);
  return { user, client };
}

async function newAppPassword(client: TestClient, password: string) {
  await reauthenticate(client, password);
  const created = await client.post<{ password: string; item: { id: string } }>('/api/u/0/security/asps', {
    description: 'Phone',
    scopes: ['all'],
  });
  expect(created.status).toBe(200);
  return created.body;
}

/**
 * A revoked credential stops working in the sessions it already opened, not only at the next login: the webmail
 * asks Dovecot's doveadm HTTP API to kick the account's sessions (sandbox: DOVEADM_URL).
 */
describe('revocation ends the open IMAP sessions', () => {
  let server: Awaited<ReturnType<typeof startServer>>;
  beforeAll(async () => {
    server = await startServer('sqlite');
  });
  afterAll(() => server.close());

  it('revoking an application password closes an IDLE session opened with it within 5 s', async () => {
    const { user, client } = await signedIn(server, 'kick-asp');
    const created = await newAppPassword(client, user.password);
    const session = await idleSession(user.email, created.password);
    expect(session.client.usable).toBe(true);
    expect((await client.delete(`/api/u/0/security/asps/${created.item.id}`)).status).toBe(200);
    expect(await closedWithin(session, 5_000)).toBe('closed');
    expect(await webmailGoesOn(client)).toBe(200);
  });

  it('a password change closes a session opened with the old password within 5 s', async () => {
    const { user, client } = await signedIn(server, 'kick-pw');
    const session = await idleSession(user.email, user.password);
    const changed = await client.post('/api/u/0/security/password', {
      currentPassword: user.password,
      newPassword: 'a-new-password-for-kick',
    });
    expect(changed.status).toBe(200);
    expect(await closedWithin(session, 5_000)).toBe('closed');
    expect(await webmailGoesOn(client)).toBe(200);
  });

  it('sign out everywhere else ends the other webmail sessions and closes a mail app session within 5 s', async () => {
    const { user, client } = await signedIn(server, 'kick-all');
    const elsewhere = server.client();
    await elsewhere.signIn(user.email, user.password);
    const session = await idleSession(user.email, user.password);
    expect((await elsewhere.get('/api/u/0/mailbox')).status).toBe(200);
    expect((await client.delete('/api/u/0/security/sessions')).status).toBe(200);
    expect(await closedWithin(session, 5_000)).toBe('closed');
    // The other device is signed out; this one goes on, and its list holds only itself.
    expect((await elsewhere.get('/api/u/0/mailbox')).status).toBe(401);
    expect(await webmailGoesOn(client)).toBe(200);
    const list = await client.get<{ sessions: { current: boolean }[] }>('/api/u/0/security/sessions');
    expect(list.body.sessions).toEqual([expect.objectContaining({ current: true })]);
  });

  it('without the doveadm API nothing is kicked: the open session runs on (documented)', async () => {
    const other = await startServer('sqlite', { DOVEADM_URL: '' });
    try {
      const { user, client } = await signedIn(other, 'kick-none');
      const created = await newAppPassword(client, user.password);
      const session = await idleSession(user.email, created.password);
      expect((await client.delete(`/api/u/0/security/asps/${created.item.id}`)).status).toBe(200);
      // The revoke answered after its kick would have been done: the session still answers.
      await session.client.noop();
      expect(session.client.usable).toBe(true);
      await session.client.logout().catch(() => session.client.close());
    } finally {
      await other.close();
    }
  });
});
