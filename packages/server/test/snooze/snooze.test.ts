import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  ApiError,
  Folder,
  MailboxTreeResponse,
  SecurityEventsPage,
  SnoozedItem,
  SnoozedList,
  UserDetails,
} from '@webmail/contracts';
import { EventStreamReader } from '../support/event-stream.testing.js';
import { imapAs, newMailUser, startServer } from '../support/harness.testing.js';
import type { TestClient } from '../support/http-client.testing.js';
import { composeRaw } from '../support/mail-fixtures.testing.js';

type MailUser = { email: string; password: string };
const hour = 3_600_000;

/** Appends messages to INBOX (read already, so waking visibly marks them unread); their UIDs. */
async function seed(user: MailUser, subjects: string[]): Promise<number[]> {
  const imap = await imapAs(user);
  try {
    const uids: number[] = [];
    for (const subject of subjects) {
      const raw = await composeRaw({ from: 'a@example.test', to: user.email, subject, text: 'x' });
      const { uid } = (await imap.append('INBOX', raw, ['\\Seen'])) as { uid: number };
      uids.push(uid);
    }
    return uids;
  } finally {
    await imap.logout();
  }
}

/** Subject → seen, of a folder as another IMAP client sees it. */
async function contents(user: MailUser, path: string): Promise<Record<string, boolean>> {
  const imap = await imapAs(user);
  try {
    const lock = await imap.getMailboxLock(path);
    try {
      const rows = await imap.fetchAll('1:*', { envelope: true, flags: true }).catch(() => []);
      return Object.fromEntries(
        rows.map((r) => [r.envelope?.subject ?? '', r.flags?.has('\\Seen') ?? false]),
      );
    } finally {
      lock.release();
    }
  } finally {
    await imap.logout();
  }
}

async function folders(client: TestClient): Promise<Folder[]> {
  return (await client.get<MailboxTreeResponse>('/api/u/0/mailbox')).body.mailboxes;
}

const inboxOf = async (client: TestClient) => (await folders(client)).find((f) => f.specialUse === 'inbox')!;

describe('snooze (delegated access, test clock)', () => {
  let server: Awaited<ReturnType<typeof startServer>>;

  beforeAll(async () => {
    server = await startServer('sqlite', { TEST_CLOCK: '1' });
  });
  afterAll(() => server.close());

  it('a snoozed conversation leaves Inbox, sleeps in Snoozed with its time, and returns unread with the owner away', async () => {
    const user = await newMailUser('snooze-away');
    const [first, second] = await seed(user, ['thread one', 'thread two', 'stays']);
    const client = server.client();
    await client.signIn(user.email, user.password);
    const inbox = await inboxOf(client);
    const wakeAt = new Date(server.app.services.clock.now() + hour).toISOString();
    const messages = [first, second].map((messageId) => ({ mailboxId: inbox.id, messageId }));

    const snoozed = await client.post<SnoozedList>('/api/u/0/snoozed', { messages, wakeAt });
    expect(snoozed.status).toBe(200);
    expect(snoozed.body.items.map((i) => [i.wakeAt, i.targetMailboxId])).toEqual([
      [wakeAt, inbox.id],
      [wakeAt, inbox.id],
    ]);
    // The folder the webmail created at first use, with its role and count, in the sidebar.
    const tree = await folders(client);
    const snoozedFolder = tree.find((f) => f.specialUse === 'snoozed');
    expect(snoozedFolder).toMatchObject({ id: snoozed.body.mailboxId, total: 2, systemFolder: true });
    expect(tree.find((f) => f.specialUse === 'inbox')?.total).toBe(1);
    expect(await contents(user, 'INBOX')).toEqual({ stays: true });
    expect(await contents(user, snoozedFolder!.path)).toEqual({ 'thread one': true, 'thread two': true });

    // Signed out everywhere: the server wakes the messages through its own door.
    expect((await client.post('/api/auth/logout?userIndex=0')).status).toBe(200);
    expect((await client.get('/api/u/0/mailbox')).status).toBe(401);
    // A minute early: nothing wakes.
    const early = await server.app.services.snoozeWake.runOnce(
      server.app.services.clock.now() + hour - 60_000,
    );
    expect(early.has(user.email)).toBe(false);
    expect(await contents(user, 'INBOX')).toEqual({ stays: true });
    // The test-only hook moves the clock past the time and runs the wake.
    const moved = await client.post<{ now: string }>('/api/test/clock', { advanceMs: hour + 1000 });
    expect(moved.status).toBe(200);
    expect(await contents(user, 'INBOX')).toEqual({ stays: true, 'thread one': false, 'thread two': false });
    expect(await contents(user, snoozedFolder!.path)).toEqual({});

    const again = server.client();
    await again.signIn(user.email, user.password);
    expect((await again.get<SnoozedList>('/api/u/0/snoozed')).body.items).toEqual([]);
    const log = (await again.get<SecurityEventsPage>('/api/u/0/security/events')).body;
    const wakes = log.events.filter((e) => e.type === 'backgroundMailAccess');
    expect(wakes).toHaveLength(1);
    expect(wakes[0]).toMatchObject({ protocol: 'imap', ip: server.config.nodeName });
  });

  it('change the time, wake now, and the live events an open browser gets', async () => {
    const user = await newMailUser('snooze-change');
    const [uid] = await seed(user, ['later']);
    const client = server.client();
    await client.signIn(user.email, user.password);
    const inbox = await inboxOf(client);
    const stream = await EventStreamReader.open(client, 0);
    try {
      const now = server.app.services.clock.now();
      const snoozed = await client.post<SnoozedList>('/api/u/0/snoozed', {
        messages: [{ mailboxId: inbox.id, messageId: uid }],
        wakeAt: new Date(now + hour).toISOString(),
      });
      const [item] = snoozed.body.items;
      await stream.next((e) => e.command === 'snoozedUpdated');
      // A new time: not woken at the old one.
      const later = new Date(now + 5 * hour).toISOString();
      const changed = await client.patch<SnoozedItem>(`/api/u/0/snoozed/${item!.id}`, { wakeAt: later });
      expect(changed.body).toMatchObject({ id: item!.id, wakeAt: later });
      expect((await server.app.services.snoozeWake.runOnce(now + 2 * hour)).has(user.email)).toBe(false);
      // Another account cannot see or touch it.
      const other = await newMailUser('snooze-other');
      const otherClient = server.client();
      await otherClient.signIn(other.email, other.password);
      expect((await otherClient.delete<ApiError>(`/api/u/0/snoozed/${item!.id}`)).body.reason).toBe(
        'snoozedNotFound',
      );
      // Wake now: back in Inbox, unread, and the open stream hears of the new mail there.
      stream.events.length = 0;
      expect((await client.delete(`/api/u/0/snoozed/${item!.id}`)).status).toBe(200);
      expect(await contents(user, 'INBOX')).toEqual({ later: false });
      await stream.next((e) => e.command === 'snoozedUpdated');
      const exists = await stream.next((e) => e.command === 'EXISTS' && e.mailboxId === inbox.id);
      expect(exists.event).toMatchObject({ messages: [expect.objectContaining({ subject: 'later' })] });
    } finally {
      stream.close();
    }
  });

  it('refuses times in the past or too far ahead, unknown folders and snoozing from Snoozed (422/404)', async () => {
    const user = await newMailUser('snooze-bad');
    const [uid] = await seed(user, ['kept']);
    const client = server.client();
    await client.signIn(user.email, user.password);
    const inbox = await inboxOf(client);
    const now = server.app.services.clock.now();
    const messages = [{ mailboxId: inbox.id, messageId: uid }];
    const cases: Array<[string, string]> = [
      [new Date(now - 1000).toISOString(), 'snoozeInPast'],
      [new Date(now - 400 * 86_400_000).toISOString(), 'snoozeInPast'],
      [new Date(now + 6 * 366 * 86_400_000).toISOString(), 'snoozeTooFar'],
      ['tomorrow', 'invalid'],
      ['2030-13-01T00:00:00Z', 'invalid'],
    ];
    for (const [wakeAt, code] of cases) {
      const answer = await client.post<ApiError>('/api/u/0/snoozed', { messages, wakeAt });
      expect(answer.status, wakeAt).toBe(422);
      expect(answer.body.fieldErrors?.wakeAt?.[0]?.code, wakeAt).toBe(code);
    }
    const wakeAt = new Date(now + hour).toISOString();
    const unknown = await client.post<ApiError>('/api/u/0/snoozed', {
      messages: [{ mailboxId: 'nope', messageId: uid }],
      wakeAt,
    });
    expect([unknown.status, unknown.body.reason]).toEqual([404, 'folderNotFound']);
    expect(await contents(user, 'INBOX')).toEqual({ kept: true });

    const snoozed = await client.post<SnoozedList>('/api/u/0/snoozed', { messages, wakeAt });
    const item = snoozed.body.items[0]!;
    const twice = await client.post<ApiError>('/api/u/0/snoozed', {
      messages: [{ mailboxId: item.mailboxId, messageId: item.messageId }],
      wakeAt,
    });
    expect([twice.status, twice.body.reason]).toEqual([422, 'snoozeFromSnoozed']);
    const pastChange = await client.patch<ApiError>(`/api/u/0/snoozed/${item.id}`, {
      wakeAt: new Date(now - 1).toISOString(),
    });
    expect(pastChange.status).toBe(422);
    expect((await client.get<SnoozedList>('/api/u/0/snoozed')).body.items).toEqual([item]);
  });
});

describe('snooze in password mode', () => {
  it('is unavailable with its reason, and production builds have no test clock', async () => {
    const server = await startServer('sqlite', { MAIL_ACCESS: 'password' });
    try {
      const user = await newMailUser('snooze-password');
      const [uid] = await seed(user, ['stays put']);
      const client = server.client();
      await client.signIn(user.email, user.password);
      const details = (await client.get<UserDetails>('/api/u/0/details')).body;
      expect(details.unavailableFeatures).toContainEqual({
        feature: 'snooze',
        reason: 'ownerMustBeSignedIn',
      });
      const inbox = await inboxOf(client);
      const answer = await client.post<ApiError>('/api/u/0/snoozed', {
        messages: [{ mailboxId: inbox.id, messageId: uid }],
        wakeAt: new Date(Date.now() + hour).toISOString(),
      });
      expect([answer.status, answer.body.reason]).toEqual([403, 'snoozeUnavailable']);
      expect(await contents(user, 'INBOX')).toEqual({ 'stays put': true });
      expect((await client.post('/api/test/clock', { advanceMs: hour })).status).toBe(404);
    } finally {
      await server.close();
    }
  });
});
