import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { startMailstack, type Mailstack } from '@webmail/mailstack';
import type { SecurityEventsPage } from '@webmail/contracts';
import { ImapFlow } from 'imapflow';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { MovableClock } from '../../src/infra/test-clock.js';
import { ManageSieveClient } from '../../src/mail/sieve/managesieve-client.js';
import { send, waitFor } from '../support/compose.testing.js';
import { createFilter } from '../support/filters.testing.js';
import { startServer, testPublicUrl, type DbKind } from '../support/harness.testing.js';
import type { TestClient } from '../support/http-client.testing.js';
import { composeRaw } from '../support/mail-fixtures.testing.js';
import { signInWithIdp } from '../support/oidc.testing.js';
import { startTestIdp, type TestIdp } from '../support/oidc-provider.testing.js';
import { folderIds } from '../support/reading.testing.js';

type User = { email: string; password: string };
const hour = 3_600_000;

/**
 * Token pass-through (OIDC_MAIL_ACCESS=token): an OIDC session's IMAP, submission and ManageSieve logins are the
 * user's own access token, which the sandbox's Dovecot checks with the test provider (oauth2 passdb, introspection).
 * With MAIL_ACCESS=password there is no master user at all; with delegated the token is still what the session uses.
 */
describe.each<[DbKind, 'password' | 'delegated']>([
  ['sqlite', 'password'],
  ['postgres', 'delegated'],
])('single sign-on with token pass-through on %s, MAIL_ACCESS=%s', (db, mailAccess) => {
  let idp: TestIdp;
  let stack: Mailstack;
  let server: Awaited<ReturnType<typeof startServer>>;
  const clock = new MovableClock();
  let dir = '';
  const users: Record<'alice' | 'bob' | 'carol', User> = {
    alice: user('alice'),
    bob: user('bob'),
    carol: user('carol'),
  };

  beforeAll(async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'ms-sso-token-'));
    idp = await startTestIdp();
    idp.configure({
      redirectUri: `${testPublicUrl}/api/auth/oidc/callback`,
      postLogoutRedirectUri: `${testPublicUrl}/login`,
      backchannelLogoutUri: `${testPublicUrl}/api/auth/oidc/backchannel-logout`,
    });
    for (const [sub, u] of Object.entries(users)) idp.addUser({ sub, email: u.email });
    process.env.MAILSTACK_OAUTH2_INTROSPECTION_URL = idp.introspectionUrl();
    try {
      const offset = mailAccess === 'password' ? 400 : 500;
      stack = await startMailstack({ dir, portBase: inject('mailstack').portBase + offset });
    } finally {
      delete process.env.MAILSTACK_OAUTH2_INTROSPECTION_URL;
    }
    for (const u of Object.values(users)) await stack.addUser(u.email, u.password);
    server = await startServer(db, serverEnv(stack, idp, mailAccess), { clock });
  });
  afterAll(async () => {
    await server?.close();
    await stack?.stop();
    await idp?.close();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  const signIn = async (sub: string) => {
    const client = server.client();
    const back = await signInWithIdp(client, idp, sub);
    expect(back.status, JSON.stringify(back.body)).toBe(303);
    expect(back.headers.get('location')).toBe('/u/0');
    return client;
  };
  const inboxSubjects = async (client: TestClient) => {
    const inbox = (await folderIds(client)).inbox!;
    const list = await client.get<{ messages: { subject: string }[] }>(`/api/u/0/mailbox/${inbox}/messages`);
    return { status: list.status, subjects: list.body.messages?.map((m) => m.subject) };
  };
  const sendTo = (client: TestClient, to: User, subject: string) =>
    send(client, crypto.randomUUID(), {
      to: [{ name: '', address: to.email }],
      subject,
      html: '<p>Once</p>',
    });

  it('reads the Inbox, sends exactly once and saves an active filter with the access token', async () => {
    await appendTo(stack, users.alice, 'Waiting');
    const client = await signIn('alice');
    expect(await inboxSubjects(client)).toEqual({ status: 200, subjects: ['Waiting'] });

    const draftId = crypto.randomUUID();
    const draft = { to: [{ name: '', address: users.bob.email }], subject: 'From SSO', html: '<p>Once</p>' };
    const [a, b] = await Promise.all([send(client, draftId, draft), send(client, draftId, draft)]);
    expect([a.status, b.status]).toEqual([200, 200]);
    expect((a.body as { id: string }).id).toBe((b.body as { id: string }).id);
    expect(
      await waitFor(
        () => subjectsIn(stack, users.bob),
        (s) => s.length > 0,
      ),
    ).toEqual(['From SSO']);

    const filter = await createFilter(client, { query: { subject: 'invoice' }, action: { flag: true } });
    expect(filter.id).toBeTruthy();
    expect(await activeScripts(stack, users.alice)).toEqual(['webmail']);
  });

  it('refreshes an expired access token before the mail server sees it; the next requests work', async () => {
    const client = await signIn('bob');
    expect((await inboxSubjects(client)).status).toBe(200);
    const issued = idp.issuedTo('bob', 'AccessToken');
    // The session's token is dead at the provider and past its expiry on the server's clock.
    expect(await idp.revokeTokensOf('bob', 'AccessToken')).toBeGreaterThan(0);
    clock.advance(2 * hour);

    expect((await inboxSubjects(client)).status).toBe(200);
    expect(idp.issuedTo('bob', 'AccessToken')).toBe(issued + 1);
    // A new submission login: only the refreshed token opens it.
    expect((await sendTo(client, users.carol, 'After refresh')).status).toBe(200);
    expect(
      await waitFor(
        () => subjectsIn(stack, users.carol),
        (s) => s.length > 0,
      ),
    ).toEqual(['After refresh']);
  });

  it('ends the session (401) when the provider refuses the refresh, and records it in the security log', async () => {
    const client = await signIn('carol');
    expect((await inboxSubjects(client)).status).toBe(200);
    expect(await idp.revokeTokensOf('carol', 'RefreshToken')).toBeGreaterThan(0);
    clock.advance(2 * hour);

    const tree = await client.get<{ code: string }>('/api/u/0/mailbox');
    expect([tree.status, tree.body.code]).toEqual([401, 'Unauthorized']);
    expect((await client.get('/api/auth/me?userIndex=0')).status).toBe(401);

    const again = server.client();
    await again.signIn(users.carol.email, users.carol.password);
    const log = (await again.get<SecurityEventsPage>('/api/u/0/security/events')).body;
    expect(log.events.filter((e) => e.type === 'signInOidcEnded')).toHaveLength(1);
  });
});

describe('token pass-through configuration', () => {
  it('refuses single sign-on on the delegated door without MAIL_ACCESS=delegated, naming the way out', async () => {
    const env = { OIDC_ISSUER: 'http://127.0.0.1:1', OIDC_CLIENT_ID: 'webmail', MAIL_ACCESS: 'password' };
    await expect(startServer('sqlite', env)).rejects.toThrow(/OIDC_MAIL_ACCESS=token/);
    await expect(startServer('sqlite', { ...env, OIDC_MAIL_ACCESS: 'delegated' })).rejects.toThrow(
      /needs MAIL_ACCESS=delegated/,
    );
    await expect(startServer('sqlite', { ...env, OIDC_MAIL_ACCESS: 'tokens' })).rejects.toThrow(
      /OIDC_MAIL_ACCESS/,
    );
  });
});

function user(name: string): User {
  return {
    email: `sso-token-${name}-${Date.now().toString(36)}@example.test`,
    password: `pw-${name}-1234567`,
  };
}

function serverEnv(stack: Mailstack, idp: TestIdp, mailAccess: string): Record<string, string> {
  return {
    ...idp.env(),
    OIDC_MAIL_ACCESS: 'token',
    OIDC_SCOPES: 'openid email offline_access',
    LOG_LEVEL: 'error',
    IMAP_PORT: String(stack.ports.webmailImap),
    SMTP_PORT: String(stack.ports.webmailSubmission),
    SIEVE_PORT: String(stack.ports.webmailSieve),
    MAIL_ACCESS: mailAccess,
    MAIL_MASTER_USER: stack.master.user,
    MAIL_MASTER_PASSWORD_FILE: stack.master.passwordFile,
    DOVEADM_URL: stack.doveadm.url,
    DOVEADM_API_KEY_FILE: stack.doveadm.apiKeyFile,
    MAIL_AUTH_DB: path.join(stack.dir, 'users.sqlite'),
    MAIL_SENDER_DB: path.join(stack.dir, 'senders.sqlite'),
  };
}

async function imapOf<T>(stack: Mailstack, u: User, fn: (imap: ImapFlow) => Promise<T>): Promise<T> {
  const imap = new ImapFlow({
    host: '127.0.0.1',
    port: stack.ports.imap,
    secure: false,
    auth: { user: u.email, pass: u.password },
    logger: false,
  });
  await imap.connect();
  try {
    return await fn(imap);
  } finally {
    await imap.logout();
  }
}

async function appendTo(stack: Mailstack, u: User, subject: string): Promise<void> {
  const raw = await composeRaw({ from: 'x@example.test', subject, text: 'hi' });
  await imapOf(stack, u, (imap) => imap.append('INBOX', raw, []));
}

async function subjectsIn(stack: Mailstack, u: User): Promise<string[]> {
  return imapOf(stack, u, async (imap) => {
    const lock = await imap.getMailboxLock('INBOX');
    try {
      const subjects: string[] = [];
      for await (const m of imap.fetch('1:*', { envelope: true })) subjects.push(m.envelope?.subject ?? '');
      return subjects;
    } catch {
      return [];
    } finally {
      lock.release();
    }
  });
}

async function activeScripts(stack: Mailstack, u: User): Promise<string[]> {
  const client = await ManageSieveClient.connect({
    host: '127.0.0.1',
    port: stack.ports.sieve,
    starttls: false,
  });
  try {
    await client.authenticate(u.email, u.password);
    return (await client.listScripts()).filter((s) => s.active).map((s) => s.name);
  } finally {
    await client.logout();
  }
}
