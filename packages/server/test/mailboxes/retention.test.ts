import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Folder, MailboxTreeResponse, SecurityEventsPage, UserDetails } from '@webmail/contracts';
import { composeRaw } from '../support/mail-fixtures.testing.js';
import { imapAs, newMailUser, startServer } from '../support/harness.testing.js';

const oldDate = new Date('2001-02-03T04:05:06Z');
const message = (to: string, subject: string) =>
  composeRaw({ from: 'a@example.test', to, subject, text: 'x' });
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function subjects(user: { email: string; password: string }, path: string): Promise<string[]> {
  const imap = await imapAs(user);
  try {
    const lock = await imap.getMailboxLock(path);
    try {
      const rows = await imap.fetchAll('1:*', { envelope: true }).catch(() => []);
      return rows.map((r) => r.envelope?.subject ?? '').sort();
    } finally {
      lock.release();
    }
  } finally {
    await imap.logout();
  }
}

describe('folder retention job', () => {
  let server: Awaited<ReturnType<typeof startServer>>;

  beforeAll(async () => {
    server = await startServer('sqlite');
  });
  afterAll(() => server.close());

  it('expunges messages older than the retention counted from when they entered the folder', async () => {
    const user = await newMailUser('retention');
    const client = server.client();
    await client.signIn(user.email, user.password);
    await client.get<MailboxTreeResponse>('/api/u/0/mailbox');
    const short = await client.post<Folder>('/api/u/0/mailbox/folders', { name: 'Short', retention: 3000 });
    const day = await client.post<Folder>('/api/u/0/mailbox/folders', { name: 'Day', retention: 86_400_000 });
    expect(short.status).toBe(200);
    const imap = await imapAs(user);
    // Old internal dates: a retention counted from INTERNALDATE would expunge all of these at once.
    // With a flag the maildir file goes straight to cur/ (see ARCHITECTURE.md: maildir's SAVEDATE).
    await imap.append('Short', await message(user.email, 'entered early'), ['\\Seen'], oldDate);
    await imap.append('Day', await message(user.email, 'entered today'), ['\\Seen'], oldDate);
    await imap.append('INBOX', await message(user.email, 'no retention'), ['\\Seen'], oldDate);
    await sleep(4000);
    await imap.append('Short', await message(user.email, 'entered late'), ['\\Seen'], oldDate);
    await imap.logout();

    const results = await server.app.services.retention.runOnce();
    expect(results.get(user.email)).toEqual(
      expect.arrayContaining([
        { mailboxId: short.body.id, expunged: 1 },
        { mailboxId: day.body.id, expunged: 0 },
      ]),
    );
    expect(await subjects(user, 'Short')).toEqual(['entered late']);
    expect(await subjects(user, 'Day')).toEqual(['entered today']);
    expect(await subjects(user, 'INBOX')).toEqual(['no retention']);
  });

  it('with delegated access, also for an owner with no session at all, logged in their security log', async () => {
    const user = await newMailUser('retention-owner');
    const client = server.client();
    await client.signIn(user.email, user.password);
    const day = await client.post<Folder>('/api/u/0/mailbox/folders', { name: 'Day', retention: 86_400_000 });
    expect(day.status).toBe(200);
    const imap = await imapAs(user);
    await imap.append('Day', await message(user.email, 'old one'), ['\\Seen'], oldDate);
    await imap.append('Day', await message(user.email, 'old two'), ['\\Seen'], oldDate);
    await imap.append('INBOX', await message(user.email, 'no retention'), ['\\Seen'], oldDate);
    await imap.logout();
    // Signed out everywhere: no session row that lives, no connection in the pool.
    expect((await client.post('/api/auth/logout?userIndex=0')).status).toBe(200);
    expect((await client.get('/api/u/0/mailbox')).status).toBe(401);

    // Today the messages are younger than a day: kept.
    const today = await server.app.services.retention.runForOwners();
    expect(today.get(user.email)).toEqual([{ mailboxId: day.body.id, expunged: 0 }]);
    expect(await subjects(user, 'Day')).toEqual(['old one', 'old two']);
    // Two days on (the job's clock): they are older than the folder's retention.
    const later = await server.app.services.retention.runForOwners(Date.now() + 2 * 86_400_000);
    expect(later.get(user.email)).toEqual([{ mailboxId: day.body.id, expunged: 2 }]);
    expect(await subjects(user, 'Day')).toEqual([]);
    expect(await subjects(user, 'INBOX')).toEqual(['no retention']);

    // The owner sees the runs in the security log: what ran, on which node.
    const again = server.client();
    await again.signIn(user.email, user.password);
    const log = (await again.get<SecurityEventsPage>('/api/u/0/security/events')).body;
    const runs = log.events.filter((e) => e.type === 'backgroundMailAccess');
    expect(runs).toHaveLength(1);
    expect(runs[0]).toMatchObject({ protocol: 'imap', ip: server.config.nodeName, count: 2 });
  });

  it('in password mode it acts only through a signed-in session: after sign-out nothing is expunged', async () => {
    const passwordServer = await startServer('sqlite', { MAIL_ACCESS: 'password' });
    try {
      await retentionNeedsSession(passwordServer);
    } finally {
      await passwordServer.close();
    }
  });
});

async function retentionNeedsSession(server: Awaited<ReturnType<typeof startServer>>) {
  {
    const user = await newMailUser('retention-away');
    const client = server.client();
    await client.signIn(user.email, user.password);
    await client.post<Folder>('/api/u/0/mailbox/folders', { name: 'Short', retention: 1000 });
    const imap = await imapAs(user);
    await imap.append('Short', await message(user.email, 'kept while away'), [], oldDate);
    await imap.logout();
    expect((await client.post('/api/auth/logout?userIndex=0')).status).toBe(200);
    await sleep(2500);
    const results = await server.app.services.retention.runOnce();
    expect(results.has(user.email)).toBe(false);
    expect(await subjects(user, 'Short')).toEqual(['kept while away']);
    const details = await server.client();
    await details.signIn(user.email, user.password);
    expect((await details.get<UserDetails>('/api/u/0/details')).body.unavailableFeatures).toEqual([
      { feature: 'retentionWhileAway', reason: 'ownerMustBeSignedIn' },
      { feature: 'sendLater', reason: 'ownerMustBeSignedIn' },
      { feature: 'snooze', reason: 'ownerMustBeSignedIn' },
    ]);
  }
}
