import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Folder, MailboxTreeResponse, MessageListResponse, SnoozedList } from '@webmail/contracts';
import { imapAs, newMailUser, startServer } from '../support/harness.testing.js';
import type { TestClient } from '../support/http-client.testing.js';
import { composeRaw } from '../support/mail-fixtures.testing.js';

type MailUser = { email: string; password: string };
const hour = 3_600_000;
const day = 24 * hour;
const base = Date.UTC(2026, 0, 1, 12);

/** Appends read messages, `s0` newest … each a day older than the one before; their UIDs by subject. */
async function seed(user: MailUser, count: number, prefix = 's'): Promise<Map<string, number>> {
  const imap = await imapAs(user);
  try {
    const uids = new Map<string, number>();
    for (let i = 0; i < count; i += 1) {
      const subject = `${prefix}${i}`;
      const date = new Date(base - i * day);
      const raw = await composeRaw({ from: 'a@example.test', to: user.email, subject, text: 'x', date });
      const { uid } = (await imap.append('INBOX', raw, ['\\Seen'], date)) as { uid: number };
      uids.set(subject, uid);
    }
    return uids;
  } finally {
    await imap.logout();
  }
}

const inboxOf = async (client: TestClient): Promise<Folder> =>
  (await client.get<MailboxTreeResponse>('/api/u/0/mailbox')).body.mailboxes.find(
    (f) => f.specialUse === 'inbox',
  )!;

/** The whole list read page by page (pages of `limit`): subjects in order, and each page's total. */
async function allPages(client: TestClient, mailboxId: string, limit: number, mode = 'messages') {
  const subjects: string[] = [];
  const totals = new Set<number>();
  let first: MessageListResponse['messages'][number] | undefined;
  for (let offset = 0; ; offset += limit) {
    const url = `/api/u/0/mailbox/${mailboxId}/messages?offset=${offset}&limit=${limit}&mode=${mode}`;
    const page = (await client.get<MessageListResponse>(url)).body;
    totals.add(page.total);
    first ??= page.messages[0];
    subjects.push(...page.messages.map((m) => m.subject));
    if (offset + limit >= page.total) return { subjects, totals: [...totals], first };
  }
}

describe('woken mail on top of its folder (test clock)', () => {
  let server: Awaited<ReturnType<typeof startServer>>;
  beforeAll(async () => {
    server = await startServer('sqlite', { TEST_CLOCK: '1' });
  });
  afterAll(() => server.close());

  const snooze = async (client: TestClient, mailboxId: string, uids: number[]) => {
    const wakeAt = new Date(server.app.services.clock.now() + hour).toISOString();
    const messages = uids.map((messageId) => ({ mailboxId, messageId }));
    expect((await client.post<SnoozedList>('/api/u/0/snoozed', { messages, wakeAt })).status).toBe(200);
  };

  it('an old message woken with its owner away lists first, unread, until read or a week passed; pages stay whole', async () => {
    const user = await newMailUser('woken-top');
    const count = 11;
    const uids = await seed(user, count);
    const byDate = [...uids.keys()];
    let client = server.client();
    await client.signIn(user.email, user.password);
    const inbox = await inboxOf(client);
    await snooze(client, inbox.id, [uids.get('s10')!, uids.get('s8')!]);
    expect((await client.post('/api/auth/logout?userIndex=0')).status).toBe(200);
    expect((await client.post('/api/test/clock', { advanceMs: hour + 1000 })).status).toBe(200);

    client = server.client();
    await client.signIn(user.email, user.password);
    const onTop = ['s8', 's10', ...byDate.filter((s) => s !== 's8' && s !== 's10')];
    // Every page size, both list modes: woken first (woken together: by date), nothing twice or lost.
    for (const mode of ['messages', 'conversations']) {
      for (const limit of [1, 2, 3, 5, 11]) {
        const read = await allPages(client, inbox.id, limit, mode);
        expect([read.subjects, read.totals], `${mode} ${limit}`).toEqual([onTop, [count]]);
        expect(read.first?.seen).toBe(false);
      }
    }
    // Read: back in its date's place, and unread again does not lift it back.
    const s8 = (await allPages(client, inbox.id, 3)).first!;
    const mark = (seen: boolean) => client.patch(`/api/u/0/mailbox/${inbox.id}/messages/${s8.id}`, { seen });
    expect((await mark(true)).status).toBe(200);
    const afterRead = ['s10', ...byDate.filter((s) => s !== 's10')];
    expect((await allPages(client, inbox.id, 4)).subjects).toEqual(afterRead);
    expect((await mark(false)).status).toBe(200);
    expect((await allPages(client, inbox.id, 4)).subjects).toEqual(afterRead);
    // A week later the other falls back too, read or not; other orders never lifted it.
    const byOldest = (
      await client.get<MessageListResponse>(
        `/api/u/0/mailbox/${inbox.id}/messages?limit=20&sort=date&order=asc`,
      )
    ).body.messages.map((m) => m.subject);
    expect(byOldest).toEqual([...byDate].reverse());
    expect((await client.post('/api/test/clock', { advanceMs: 7 * day + 60_000 })).status).toBe(200);
    expect((await allPages(client, inbox.id, 4)).subjects).toEqual(byDate);
  });

  it('one pass wakes many accounts at once, each message exactly once', async () => {
    const users = await Promise.all([0, 1, 2, 3, 4].map((i) => newMailUser(`woken-many${i}`)));
    for (const user of users) {
      const uids = await seed(user, 3, 'w');
      const client = server.client();
      await client.signIn(user.email, user.password);
      await snooze(client, (await inboxOf(client)).id, [...uids.values()]);
      expect((await client.post('/api/auth/logout?userIndex=0')).status).toBe(200);
    }
    const wake = server.app.services.snoozeWake;
    const at = server.app.services.clock.now() + hour + 1000;
    const [pass, again] = [await wake.runOnce(at), await wake.runOnce(at)];
    expect(Object.fromEntries(pass)).toEqual(Object.fromEntries(users.map((u) => [u.email, 3])));
    expect(again.size).toBe(0);
    for (const user of users) {
      const client = server.client();
      await client.signIn(user.email, user.password);
      const read = await allPages(client, (await inboxOf(client)).id, 10);
      // Woken together: on top by date, each once.
      expect(read.subjects).toEqual(['w0', 'w1', 'w2']);
    }
  });
});
