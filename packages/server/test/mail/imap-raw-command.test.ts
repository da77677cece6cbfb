import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ImapFlow } from 'imapflow';
import { rawCommand, atom, list } from '../../src/mail/imap/imap-raw-command.js';
import { fetchListRows } from '../../src/mail/imap/imap-fetch-rows.js';
import { folderState } from '../../src/mail/imap/selected-folder.js';
import { searchUidSet, storeFlag, threadRefs, uidsByArrival } from '../../src/mail/imap/imap-uid-lists.js';
import { composeRaw } from '../support/mail-fixtures.testing.js';
import { imapAs, newMailUser } from '../support/harness.testing.js';

/** The raw-reply adapter against the real Dovecot, on an ordinary imapflow connection. */
describe('raw IMAP commands on the shared imapflow connection', () => {
  let client: ImapFlow;
  let user: { email: string; password: string };
  const day = 86_400_000;

  beforeAll(async () => {
    user = await newMailUser('raw');
    client = await imapAs(user);
    const start = Date.UTC(2026, 0, 10);
    const mail = (n: number, extra: Record<string, string> = {}) =>
      composeRaw({
        from: 'a@example.test',
        to: user.email,
        subject: `m${n}`,
        text: 'x',
        messageId: `<m${n}@t>`,
        ...extra,
      });
    // UID 1..4; UID 4 arrives with the oldest INTERNALDATE (as a message moved in from elsewhere would).
    await client.append('INBOX', await mail(1), ['\\Seen'], new Date(start + day));
    await client.append(
      'INBOX',
      await mail(2, { inReplyTo: '<m1@t>', references: '<m1@t>' }),
      [],
      new Date(start + 2 * day),
    );
    await client.append('INBOX', await mail(3), ['\\Seen'], new Date(start + 3 * day));
    await client.append(
      'INBOX',
      await mail(4, { inReplyTo: '<m2@t>', references: '<m1@t> <m2@t>' }),
      [],
      new Date(start),
    );
    await client.mailboxOpen('INBOX');
  });
  afterAll(() => client.logout());

  it('sorts by arrival, threads and searches with compressed sets', async () => {
    expect(await uidsByArrival(client)).toEqual([4, 1, 2, 3]);
    expect(await uidsByArrival(client, [atom('UID'), { type: 'SEQUENCE', value: '2:*' }])).toEqual([4, 2, 3]);
    const threads = (await threadRefs(client))!.map((t) => [...t].sort());
    expect(threads.sort()).toEqual([[1, 2, 4], [3]]);
    expect(await searchUidSet(client, [atom('ALL')])).toEqual({ set: '1:4', count: 4 });
    expect(await searchUidSet(client, [atom('UNSEEN')])).toEqual({ set: '2,4', count: 2 });
    expect(await searchUidSet(client, [atom('UID'), { type: 'SEQUENCE', value: '9:10' }])).toEqual({
      set: '',
      count: 0,
    });
  });

  it('reads list rows exactly as imapflow fetch() does', async () => {
    const query = {
      uid: true,
      flags: true,
      envelope: true,
      bodyStructure: true,
      internalDate: true,
      size: true,
    };
    const theirs = await client.fetchAll('1:4', { ...query, headers: ['references'] }, { uid: true });
    const { rows, unsolicited } = await fetchListRows(client, [4, 2, 1, 3]);
    expect(unsolicited).toBe(0);
    const pick = (r: (typeof theirs)[number]) => ({
      uid: r.uid,
      flags: r.flags,
      envelope: r.envelope,
      bodyStructure: r.bodyStructure,
      internalDate: r.internalDate,
      size: r.size,
      headers: r.headers?.toString(),
    });
    expect(rows.map(pick).sort((a, b) => a.uid - b.uid)).toEqual(theirs.map(pick));
    expect(rows.find((r) => r.uid === 4)!.headers!.toString()).toContain('<m1@t> <m2@t>');
  });

  it('lists messages whose MIME nests deeper than imapflow reads, instead of failing the page', async () => {
    const nested = (depth: number) => {
      let body = 'Content-Type: text/plain\r\n\r\ndeep\r\n';
      for (let i = 0; i < depth; i += 1) {
        body = `Content-Type: multipart/mixed; boundary="b${i}"\r\n\r\n--b${i}\r\n${body}--b${i}--\r\n`;
      }
      return Buffer.from(`From: a@example.test\r\nSubject: nested ${depth}\r\nMIME-Version: 1.0\r\n${body}`);
    };
    await client.mailboxCreate('Nested');
    await client.append('Nested', nested(40));
    await client.append('Nested', nested(400));
    await client.mailboxOpen('Nested');
    const { rows } = await fetchListRows(client, [1, 2]);
    const byUid = new Map(rows.map((r) => [r.uid, r]));
    expect(byUid.get(1)!.envelope!.subject).toBe('nested 40');
    expect(byUid.get(1)!.bodyStructure!.type).toBe('multipart/mixed');
    // Too deep for our reader as well: listed from imapflow without its structure.
    expect(byUid.get(2)!.envelope!.subject).toBe('nested 400');
    expect(byUid.get(2)!.bodyStructure).toBeUndefined();
    await client.mailboxOpen('INBOX');
  });

  it('answers empty lists for an empty folder, never a missing reply', async () => {
    await client.mailboxCreate('Empty');
    await client.mailboxOpen('Empty');
    expect(await uidsByArrival(client)).toEqual([]);
    expect(await threadRefs(client)).toEqual([]);
    expect(await searchUidSet(client, [atom('ALL')])).toEqual({ set: '', count: 0 });
    await client.mailboxOpen('INBOX');
  });

  it("counts other sessions' flag changes arriving during its commands instead of parsing them", async () => {
    const other = await imapAs(user);
    await other.mailboxOpen('INBOX');
    const before = folderState(client).flagChanges;
    await other.messageFlagsAdd('1:4', ['\\Answered'], { uid: true });
    await searchUidSet(client, [atom('ALL')]);
    expect(folderState(client).flagChanges).toBeGreaterThan(before);
    await other.messageFlagsRemove('1:4', ['\\Answered'], { uid: true });
    await other.logout();
  });

  it('stores flags silently and imapflow still sees the folder right afterwards', async () => {
    await storeFlag(client, '1:4', '\\Flagged', true);
    expect(await searchUidSet(client, [atom('FLAGGED')])).toEqual({ set: '1:4', count: 4 });
    await storeFlag(client, '1:4', '\\Flagged', false);
    const rows = await client.fetchAll('1:4', { uid: true, flags: true }, { uid: true });
    expect(rows.map((r) => r.flags?.has('\\Flagged'))).toEqual([false, false, false, false]);
  });

  it('throws on a refused command and on a reply it cannot read, and the connection goes on', async () => {
    await expect(
      rawCommand(client, 'UID SORT', [list(atom('NOSUCHKEY')), atom('UTF-8'), atom('ALL')], {}),
    ).rejects.toMatchObject({
      status: 502,
    });
    await expect(
      rawCommand(client, 'UID SEARCH', [atom('ALL')], {
        SEARCH: () => {
          throw new Error('cannot read this');
        },
      }),
    ).rejects.toMatchObject({ status: 502, message: 'Could not read the reply to UID SEARCH' });
    expect(await uidsByArrival(client)).toEqual([4, 1, 2, 3]);
  });

  it('keeps the mail server’s words out of the error message (Security 3)', async () => {
    // Before: "The mail server refused UID SORT: Error in IMAP command UID SORT: Unknown argument …".
    const refused = await rawCommand(
      client,
      'UID SORT',
      [list(atom('NOSUCHKEY')), atom('UTF-8'), atom('ALL')],
      {},
    )
      .then(() => null)
      .catch((err: Error) => err);
    expect(refused).toMatchObject({ status: 502, message: 'The mail server refused UID SORT' });
    expect((refused?.cause as { responseText?: string }).responseText).toMatch(/NOSUCHKEY|argument/i);
  });

  it('ends an IDLE first, as imapflow does for its own commands', async () => {
    const idle = client.idle();
    for (let i = 0; i < 50 && !client.idling; i += 1) await new Promise((r) => setTimeout(r, 20));
    expect(client.idling).toBe(true);
    expect(await uidsByArrival(client)).toEqual([4, 1, 2, 3]);
    await idle;
  });
});
