import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ImapFlow } from 'imapflow';
import type { Folder, MassActionResponse, MessageListResponse } from '@webmail/contracts';
import { uidsSorted, atom } from '../../src/mail/imap/imap-uid-lists.js';
import type { TestClient } from '../support/http-client.testing.js';
import { composeRaw } from '../support/mail-fixtures.testing.js';
import { imapAs, newMailUser, startServer } from '../support/harness.testing.js';

const minute = 60_000;
const base = Date.UTC(2026, 0, 1, 12);

/** A small seeded generator (mulberry32): the same seed replays the same run. */
function random(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * The folder list is in the messages' own time (the Date header, RFC 5256 SORT DATE), newest first, whatever UID a
 * message has now: mail delivered late with an old date, mail moved or copied in from another folder, mail moved
 * out and back by the webmail itself, expunges by another session. After every step the list the webmail serves
 * from its incremental cache must equal a fresh `SORT` asked on another connection, and the order the test knows
 * from the dates it wrote.
 */
describe('message list order: the cached sorted list against a fresh SORT', () => {
  let server: Awaited<ReturnType<typeof startServer>>;
  let client: TestClient;
  let other: ImapFlow;
  let user: { email: string; password: string };
  const ids = new Map<string, string>();
  /** Subject → Date header (ms) of every message the test made; subjects are unique. */
  const dates = new Map<string, number>();
  const usedMinutes = new Set<number>();

  const listOf = async (path: string) =>
    (
      await client.get<MessageListResponse>(
        `/api/u/0/mailbox/${ids.get(path)!}/messages?limit=200&mode=messages`,
      )
    ).body;

  /** A Date no other message has (ties would be ordered by sequence number, which the model does not know). */
  const freshDate = (next: () => number) => {
    let offset: number;
    do offset = Math.floor(next() * 100_000);
    while (usedMinutes.has(offset));
    usedMinutes.add(offset);
    return base - offset * minute;
  };

  const append = async (path: string, subject: string, date: number) => {
    dates.set(subject, date);
    const raw = await composeRaw({
      from: 'p@example.test',
      to: user.email,
      subject,
      text: subject,
      date: new Date(date),
    });
    // INTERNALDATE is now: the delivery order, which must not decide the list.
    await other.append(path, raw, ['\\Seen']);
  };

  /** UIDs of a folder as a fresh SORT on another connection orders them, newest first. */
  const freshSort = async (path: string) => {
    const lock = await other.getMailboxLock(path);
    try {
      // The folder may have stayed selected on this connection: NOOP brings its view up to date first (a SORT
      // answers for the view as it was when the command began).
      await other.noop();
      return (await uidsSorted(other, [atom('DATE')])).reverse();
    } finally {
      lock.release();
    }
  };

  const expectInOrder = async (path: string, step: string) => {
    const list = await listOf(path);
    const expected = [...list.messages].map((m) => m.subject).sort((a, b) => dates.get(b)! - dates.get(a)!);
    expect(
      list.messages.map((m) => m.subject),
      step,
    ).toEqual(expected);
    expect(
      list.messages.map((m) => m.id),
      step,
    ).toEqual(await freshSort(path));
    expect(list.total, step).toBe(list.messages.length);
    return list;
  };

  beforeAll(async () => {
    server = await startServer('sqlite');
    user = await newMailUser('order');
    other = await imapAs(user);
    await other.mailboxCreate('Project');
    await other.mailboxCreate('Elsewhere');
    client = server.client();
    await client.signIn(user.email, user.password);
    const tree = await client.get<{ mailboxes: Folder[] }>('/api/u/0/mailbox');
    for (const f of tree.body.mailboxes) ids.set(f.path, f.id);
  });
  afterAll(async () => {
    await other.logout();
    await server.close();
  });

  it('stays in date order through random deliveries, moves, copies and expunges', async () => {
    const next = random(20261123);
    let n = 0;
    for (let i = 0; i < 6; i += 1) await append('Project', `seed-${(n += 1)}`, freshDate(next));
    await expectInOrder('Project', 'seeded');

    const pick = <T>(items: readonly T[]) => items[Math.floor(next() * items.length)];
    for (let step = 0; step < 36; step += 1) {
      const kind = pick(['deliver', 'moveIn', 'copyIn', 'expunge', 'moveOut', 'moveBack'] as const)!;
      const project = (await listOf('Project')).messages;
      const elsewhere = (await listOf('Elsewhere')).messages;
      if (kind === 'deliver') {
        await append('Project', `new-${(n += 1)}`, freshDate(next));
      } else if (kind === 'moveIn' || kind === 'copyIn') {
        // Another client files an old message into the folder: a new UID with an old date.
        const subject = `${kind}-${(n += 1)}`;
        await append('Elsewhere', subject, freshDate(next));
        const lock = await other.getMailboxLock('Elsewhere');
        try {
          const uid = Math.max(...((await other.search({ all: true }, { uid: true })) || []));
          if (kind === 'moveIn') await other.messageMove(String(uid), 'Project', { uid: true });
          else await other.messageCopy(String(uid), 'Project', { uid: true });
        } finally {
          lock.release();
        }
      } else if (kind === 'expunge' && project.length > 0) {
        const uid = pick(project)!.id;
        const lock = await other.getMailboxLock('Project');
        try {
          await other.messageDelete(String(uid), { uid: true });
        } finally {
          lock.release();
        }
      } else if (
        (kind === 'moveOut' && project.length > 0) ||
        (kind === 'moveBack' && elsewhere.length > 0)
      ) {
        // The webmail's own move (its cache drops the UIDs itself) out of the folder, or back into it.
        const [from, to, rows] =
          kind === 'moveOut' ? ['Project', 'Elsewhere', project] : ['Elsewhere', 'Project', elsewhere];
        const row = pick(rows)!;
        const moved = await client.post<MassActionResponse>('/api/u/0/mailbox/massAction', {
          context: 'mailbox',
          messages: [{ mailboxId: ids.get(from)!, messageId: row.id }],
          action: 'move',
          moveToTarget: ids.get(to)!,
        });
        expect(moved.status).toBe(200);
      }
      await expectInOrder('Project', `step ${step}: ${kind}`);
    }
  });

  it('puts a message moved to Trash and back in its place, not on top', async () => {
    await append('Project', 'today', base + minute);
    const before = await expectInOrder('Project', 'before');
    const oldest = before.messages.at(-1)!;
    const trash = async (from: string, to: string, uid: number) =>
      client.post<MassActionResponse>('/api/u/0/mailbox/massAction', {
        context: 'mailbox',
        messages: [{ mailboxId: ids.get(from)!, messageId: uid }],
        action: 'move',
        moveToTarget: ids.get(to)!,
      });
    const out = await trash('Project', 'Trash', oldest.id);
    const back = await trash('Trash', 'Project', Number(out.body.moved![0]!.uidMap!.destination));
    expect(back.status).toBe(200);
    const after = await expectInOrder('Project', 'after');
    expect(after.messages[0]!.subject).toBe('today');
    expect(after.messages.at(-1)!.subject).toBe(oldest.subject);
  });

  it('sorts by subject, sender and size on request, ascending or descending', async () => {
    const page = async (query: string) =>
      (
        await client.get<MessageListResponse>(
          `/api/u/0/mailbox/${ids.get('Project')!}/messages?limit=200&mode=messages&${query}`,
        )
      ).body.messages;
    const bySubject = await page('sort=subject&order=asc');
    const subjects = bySubject.map((m) => m.subject);
    expect(subjects).toEqual([...subjects].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));
    expect((await page('sort=subject&order=desc')).map((m) => m.subject)).toEqual([...subjects].reverse());
    const sizes = (await page('sort=size&order=asc')).map((m) => m.size);
    expect(sizes).toEqual([...sizes].sort((a, b) => a - b));
    expect(new Set((await page('sort=from&order=desc')).map((m) => m.id))).toEqual(
      new Set(bySubject.map((m) => m.id)),
    );
    // Back to the default: newest first by date again (the cache holds one order per folder).
    await expectInOrder('Project', 'default again');
  });
});
