import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  daysAgoInZone,
  type ApiError,
  type Folder,
  type MailboxTreeResponse,
  type SearchResponse,
} from '@webmail/contracts';
import type { TestClient } from '../support/http-client.testing.js';
import { imapAs, newMailUser, startServer } from '../support/harness.testing.js';
import { literal, RawImap } from '../support/raw-imap.testing.js';
import { searchMailbox, seedMessages } from './search-seed.testing.js';

const months = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const dayMs = 86_400_000;
/** `YYYY-MM-DD` of `days` days ago (UTC, as the sandbox Dovecot keeps arrival times). */
const isoDaysAgo = (days: number) => new Date(Date.now() - days * dayMs).toISOString().slice(0, 10);
const imapDate = (iso: string) => {
  const [y, m, d] = iso.split('-').map(Number) as [number, number, number];
  return `${d}-${months[m - 1]}-${y}`;
};

const defaultFolders = [
  'INBOX',
  'Sent',
  'Drafts',
  'Archive',
  'Projects',
  'Projects/Acme',
  'Projects/Acme/2026',
];

/**
 * Each engine — Dovecot's "all mail" virtual folder (auto) and folder by folder — must return exactly the messages
 * the equivalent IMAP SEARCH finds. The truth is computed here with criteria written by hand on a bare connection,
 * in every folder of the scope.
 */
describe.each(['auto', 'folders'] as const)('search (%s engine)', (engine) => {
  let server: Awaited<ReturnType<typeof startServer>>;
  let user: { email: string; password: string };
  let client: TestClient;
  let raw: RawImap;
  let pathOf: Map<string, string>;

  const search = (query: string, extra = '') =>
    client.get<SearchResponse & Partial<ApiError>>(
      `/api/u/0/search?search=${encodeURIComponent(query)}&limit=200${extra}`,
    );
  const found = async (query: string, extra = '') => {
    const res = await search(query, extra);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.total).toBe(res.body.messages.length);
    return res.body.messages.map((m) => `${pathOf.get(m.mailbox)}:${m.id}`).sort();
  };
  const truth = async (criteria: string, folders = defaultFolders) => {
    const out: string[] = [];
    for (const folder of folders) {
      for (const uid of await raw.uidSearch(folder, criteria)) out.push(`${folder}:${uid}`);
    }
    return out.sort();
  };

  beforeAll(async () => {
    server = await startServer('sqlite', { SEARCH_ENGINE: engine });
    user = await newMailUser(`search-${engine}`);
    const imap = await imapAs(user);
    await seedMessages(imap, user.email, searchMailbox(user.email));
    await imap.logout();
    raw = await RawImap.login(user);
    client = server.client();
    await client.signIn(user.email, user.password);
    const flatten = (folders: Folder[]): Folder[] => folders.flatMap((f) => [f, ...flatten(f.children)]);
    const tree = (await client.get<MailboxTreeResponse>('/api/u/0/mailbox')).body.mailboxes;
    pathOf = new Map(flatten(tree).map((f) => [f.id, f.path]));
  });
  afterAll(async () => {
    await raw.close();
    await server.close();
  });

  it.each([
    ['budget', 'TEXT "budget"'],
    ['"exact phrase here"', 'TEXT "exact phrase here"'],
    ['from:aino', 'FROM "aino"'],
    ['to:olga', 'TO "olga"'],
    ['cc:aino', 'CC "aino"'],
    ['subject:release', 'SUBJECT "release"'],
    [`after:${isoDaysAgo(7)}`, `SINCE ${imapDate(isoDaysAgo(7))}`],
    [`before:${isoDaysAgo(7)}`, `BEFORE ${imapDate(isoDaysAgo(7))}`],
    [`newer:${isoDaysAgo(30)}`, `SINCE ${imapDate(isoDaysAgo(30))}`],
    [`older:${isoDaysAgo(30)}`, `BEFORE ${imapDate(isoDaysAgo(30))}`],
    ['older_than:30d', `OLDER ${30 * 86_400}`],
    ['newer_than:7d', `YOUNGER ${7 * 86_400}`],
    ['larger:50K', 'LARGER 51200'],
    ['smaller:50K', 'SMALLER 51200'],
    ['has:attachment', 'KEYWORD $HasAttachment'],
    ['is:unread', 'UNSEEN'],
    ['is:read', 'SEEN'],
    ['is:starred', 'FLAGGED'],
    ['työpäivä', `TEXT ${literal('työpäivä')}`],
    ['Отчёт', `TEXT ${literal('Отчёт')}`],
    ['from:aino OR from:olga', 'OR FROM "aino" FROM "olga"'],
    ['(acme OR invoice) -is:read', 'OR TEXT "acme" TEXT "invoice" NOT SEEN'],
  ])('%s finds what IMAP SEARCH %s finds', async (query, criteria) => {
    const expected = await truth(criteria);
    expect(expected.length, 'the seed has hits for every case').toBeGreaterThan(0);
    expect(await found(query)).toEqual(expected);
  });

  // The reference Dovecot's full-text index cannot negate: `NOT FROM "tom"` finds nothing at all
  // (grosjo/fts-xapian#144). The truth of `a -b` is therefore what IMAP SEARCH finds for a minus what it finds
  // for b; the server evaluates such negations the same way (search-criteria.ts criteriaInFolder).
  it.each([
    ['budget -from:tom', 'TEXT "budget"', 'FROM "tom"'],
    ['-budget', 'ALL', 'TEXT "budget"'],
    ['Отчёт -спасибо', `TEXT ${literal('Отчёт')}`, `TEXT ${literal('спасибо')}`],
    ['budget -(from:tom OR työpäivä)', 'TEXT "budget"', `OR FROM "tom" TEXT ${literal('työpäivä')}`],
  ])('%s finds what IMAP SEARCH %s finds minus %s', async (query, criteria, minus) => {
    const excluded = new Set(await truth(minus));
    const expected = (await truth(criteria)).filter((hit) => !excluded.has(hit));
    expect(expected.length).toBeGreaterThan(0);
    expect(excluded.size).toBeGreaterThan(0);
    expect(await found(query)).toEqual(expected);
  });

  it('the quick chips find what their IMAP SEARCH finds', async () => {
    const now = new Date();
    for (const zone of ['Europe/Helsinki', 'Pacific/Honolulu']) {
      const since = daysAgoInZone(now, zone, 7);
      expect(await found(`after:${since}`)).toEqual(await truth(`SINCE ${imapDate(since)}`));
    }
    expect(await found('has:attachment')).toEqual(await truth('KEYWORD $HasAttachment'));
    expect(await found(`from:${user.email}`)).toEqual(await truth(`FROM "${user.email}"`));
    expect(await found('is:unread')).toEqual(await truth('UNSEEN'));
    expect(await found('is:starred')).toEqual(await truth('FLAGGED'));
  });

  it('searches Inbox, Sent and nested folders but not Trash or Junk unless in: asks', async () => {
    const hits = await found('budget');
    const folders = new Set(hits.map((h) => h.slice(0, h.lastIndexOf(':'))));
    expect([...folders].sort()).toEqual(['INBOX', 'Projects/Acme/2026', 'Sent']);
    expect(await found('in:trash budget')).toEqual(await truth('TEXT "budget"', ['Trash']));
    expect(await found('in:spam budget')).toEqual(await truth('TEXT "budget"', ['Junk']));
    expect(await found('in:"Projects/Acme/2026" budget')).toEqual(
      await truth('TEXT "budget"', ['Projects/Acme/2026']),
    );
    expect(await found('in:2026 budget')).toEqual(await truth('TEXT "budget"', ['Projects/Acme/2026']));
    const everywhere = [...defaultFolders, 'Trash', 'Junk'];
    expect(await found('in:anywhere budget')).toEqual(await truth('TEXT "budget"', everywhere));
    const sent = [...pathOf].find(([, path]) => path === 'Sent')![0];
    expect(await found('budget', `&mailboxId=${sent}`)).toEqual(await truth('TEXT "budget"', ['Sent']));
  });

  it('lists newest first across folders and pages like a folder', async () => {
    const all = (await search('budget')).body;
    const dates = all.messages.map((m) => m.date);
    expect([...dates].sort().reverse()).toEqual(dates);
    expect(all.mailboxes.length).toBe(defaultFolders.length);
    const page = async (offset: number) =>
      (await client.get<SearchResponse>(`/api/u/0/search?search=budget&limit=2&offset=${offset}`)).body;
    const [first, second] = [await page(0), await page(2)];
    expect(first.total).toBe(all.total);
    expect([...first.messages, ...second.messages].map((m) => `${m.mailbox}:${m.id}`)).toEqual(
      all.messages.slice(0, 4).map((m) => `${m.mailbox}:${m.id}`),
    );
  });

  it('groups conversations per folder in conversation mode', async () => {
    const res = await search('budget', '&mode=conversations');
    expect(res.status).toBe(200);
    const uids = res.body.messages.flatMap((m) =>
      m.conversation!.uids.map((u) => `${pathOf.get(m.mailbox)}:${u}`),
    );
    expect(uids.sort()).toEqual(await truth('TEXT "budget"'));
    for (const row of res.body.messages) expect(row.conversation!.uids[0]).toBe(row.id);
  });

  it('refuses unreadable queries and unknown folders with a 422 saying why', async () => {
    for (const [query, code] of [
      ['(budget', 'searchUnbalancedParentheses'],
      ['budget OR', 'searchOrWithoutTerm'],
      ['after:2026-13-01', 'searchInvalidDate'],
      ['is:important', 'searchInvalidValue'],
      ['in:nowhere budget', 'searchFolderUnknown'],
      ['', 'searchEmpty'],
    ]) {
      const res = await search(query!);
      expect(res.status, query).toBe(422);
      expect(res.body.fieldErrors?.search?.[0]?.code, query).toBe(code);
    }
    const long = await search('x'.repeat(10_000));
    expect(long.status).toBe(422);
    expect(long.body.fieldErrors?.search?.[0]).toMatchObject({ code: 'tooLong' });
  });
});
