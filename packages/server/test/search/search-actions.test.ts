import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  ApiError,
  Folder,
  MailboxTreeResponse,
  MassActionResponse,
  RecentSearchesResponse,
  SavedSearch,
  SavedSearchesResponse,
  SearchResponse,
} from '@webmail/contracts';
import type { TestClient } from '../support/http-client.testing.js';
import { imapAs, newMailUser, startServer } from '../support/harness.testing.js';
import { RawImap } from '../support/raw-imap.testing.js';
import { seedMessages, type SeedMessage } from './search-seed.testing.js';

const expand = (set: string) =>
  set
    .split(',')
    .filter(Boolean)
    .flatMap((part) => {
      const [a, b] = part.split(':').map(Number) as [number, number | undefined];
      return b === undefined ? [a] : Array.from({ length: b - a + 1 }, (_, i) => a + i);
    });

describe.each(['auto', 'folders'] as const)('actions on search results (%s engine)', (engine) => {
  let server: Awaited<ReturnType<typeof startServer>>;
  let user: { email: string; password: string };
  let client: TestClient;
  let raw: RawImap;
  let folders: Map<string, Folder>;
  const scope = ['INBOX', 'Sent', 'Projects/X'];
  const id = (path: string) => folders.get(path)!.id;

  const tree = async () => {
    const flatten = (list: Folder[]): Folder[] => list.flatMap((f) => [f, ...flatten(f.children)]);
    const body = (await client.get<MailboxTreeResponse>('/api/u/0/mailbox')).body;
    return new Map(flatten(body.mailboxes).map((f) => [f.path, f]));
  };
  /** Per folder of `paths`: the UIDs IMAP SEARCH finds for `criteria`. */
  const imapSets = async (criteria: string, paths = scope) => {
    const out: Record<string, number[]> = {};
    for (const path of paths) out[path] = await raw.uidSearch(path, criteria);
    return out;
  };
  const searchAll = (action: string, search: string, extra: Record<string, unknown> = {}) =>
    client.post<MassActionResponse & Partial<ApiError>>('/api/u/0/search/massAction', {
      context: 'searchAll',
      messages: [{ messageId: '*', mailboxId: '*' }],
      action,
      search,
      ...extra,
    });

  beforeAll(async () => {
    server = await startServer('sqlite', { SEARCH_ENGINE: engine });
    user = await newMailUser(`search-act-${engine}`);
    const messages: SeedMessage[] = [];
    const spread = [...Array(40).fill('INBOX'), ...Array(20).fill('Projects/X'), ...Array(10).fill('Sent')];
    spread.forEach((folder: string, i) =>
      messages.push({
        folder,
        from: `sender${i % 7}@example.test`,
        subject: `Bulk ${i}`,
        text: `bulkword number ${i}`,
        daysAgo: 70 - i,
        flags: i % 3 === 0 ? ['\\Seen'] : [],
      }),
    );
    for (let i = 0; i < 5; i += 1) {
      messages.push({
        folder: 'Trash',
        from: 'x@example.test',
        subject: `Gone ${i}`,
        text: 'bulkword',
        daysAgo: 1,
      });
    }
    messages.push({
      folder: 'INBOX',
      from: 'y@example.test',
      subject: 'Other',
      text: 'unrelated',
      daysAgo: 1,
    });
    const imap = await imapAs(user);
    await seedMessages(imap, user.email, messages);
    await imap.logout();
    raw = await RawImap.login(user);
    client = server.client();
    await client.signIn(user.email, user.password);
    folders = await tree();
  });
  afterAll(async () => {
    await raw.close();
    await server.close();
  });

  it('marks every result read (more than a page), and undo restores exactly the earlier flags', async () => {
    const page = (await client.get<SearchResponse>('/api/u/0/search?search=bulkword&limit=50')).body;
    expect(page.total).toBe(70);
    expect(page.messages).toHaveLength(50);
    const seenBefore = await imapSets('SEEN TEXT "bulkword"');
    const trashUnseen = await imapSets('UNSEEN', ['Trash']);

    const res = await searchAll('seen', 'bulkword');
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({ action: 'seen', total: 70, handled: 70 });
    expect(await imapSets('UNSEEN TEXT "bulkword"')).toEqual({ INBOX: [], Sent: [], 'Projects/X': [] });
    expect(await imapSets('UNSEEN', ['Trash']), 'Trash is not in the search').toEqual(trashUnseen);

    // Undo: the opposite flag on each folder's changedUidSet (what the web sends), nothing more.
    for (const folder of res.body.folders) {
      if (!folder.changedUidSet) continue;
      const messages = expand(folder.changedUidSet).map((uid) => ({
        messageId: uid,
        mailboxId: folder.mailboxId,
      }));
      const undo = await client.post('/api/u/0/mailbox/massAction', {
        context: 'mailbox',
        messages,
        action: 'unseen',
        hideSnackbar: true,
      });
      expect(undo.status).toBe(200);
    }
    expect(await imapSets('SEEN TEXT "bulkword"')).toEqual(seenBefore);
  });

  it('acts on chosen results of several folders in one request', async () => {
    const rows = (await client.get<SearchResponse>('/api/u/0/search?search=bulkword&limit=5')).body.messages;
    const res = await client.post<MassActionResponse>('/api/u/0/search/massAction', {
      context: 'mailbox',
      messages: rows.map((m) => ({ messageId: m.id, mailboxId: m.mailbox })),
      action: 'flagged',
    });
    expect(res.body.handled).toBe(5);
    const flagged = Object.entries(await imapSets('FLAGGED')).flatMap(([path, uids]) =>
      uids.map((uid) => `${id(path)}:${uid}`),
    );
    expect(flagged.sort()).toEqual(rows.map((m) => `${m.mailbox}:${m.id}`).sort());
  });

  it('moves every result, and the folder counts follow', async () => {
    const before = await tree();
    const res = await searchAll('move', 'bulkword', { moveToTarget: id('Archive') });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.handled).toBe(70);
    expect(res.body.moved.map((m) => m.to)).toEqual([id('Archive'), id('Archive'), id('Archive')]);
    const after = await tree();
    expect(after.get('INBOX')!.total).toBe(before.get('INBOX')!.total - 40);
    expect(after.get('Sent')!.total).toBe(before.get('Sent')!.total - 10);
    expect(after.get('Projects/X')!.total).toBe(0);
    expect(after.get('Archive')!.total).toBe(before.get('Archive')!.total + 70);
    expect(after.get('Trash')!.total).toBe(5);
    const again = (await client.get<SearchResponse>('/api/u/0/search?search=bulkword&limit=200')).body;
    expect(again.total).toBe(70);
    expect(new Set(again.messages.map((m) => m.mailbox))).toEqual(new Set([id('Archive')]));
  });

  it('refuses an action on all results without the search, and delete outside Trash and Junk', async () => {
    const noSearch = await client.post<ApiError>('/api/u/0/search/massAction', {
      context: 'searchAll',
      messages: [{ messageId: '*', mailboxId: '*' }],
      action: 'seen',
    });
    expect(noSearch.status).toBe(422);
    expect((await searchAll('delete', 'bulkword')).status).toBe(403);
    expect((await searchAll('seen', 'bulkword (')).status).toBe(422);
    const trash = await searchAll('delete', 'in:trash bulkword');
    expect(trash.status).toBe(200);
    expect(trash.body.handled).toBe(5);
  });

  it('keeps the last five searches, moves a repeated one to the top, and deletes one (404 once gone)', async () => {
    const recent = async () =>
      (await client.get<RecentSearchesResponse>('/api/u/0/search/recentSearches')).body.recentSearches;
    for (const query of ['one', 'two', 'three', 'bulkword', 'five', 'six']) {
      const res = await client.get(`/api/u/0/search?search=${query}&setRecent=true`);
      expect(res.status).toBe(200);
    }
    expect((await recent()).map((r) => r.search_query)).toEqual(['six', 'five', 'bulkword', 'three', 'two']);
    await client.get('/api/u/0/search?search=bulkword&setRecent=true');
    const list = await recent();
    expect(list.map((r) => r.search_query)).toEqual(['bulkword', 'six', 'five', 'three', 'two']);
    expect(list[0]!.searchEmails).toHaveLength(5);
    expect(list[0]!.searchEmails[0]).toMatchObject({ mailbox: id('Archive'), is_draft: false });
    expect(list[0]!.searchEmails[0]!.subject).toMatch(/^Bulk /);

    const gone = list[2]!.id;
    expect((await client.delete(`/api/u/0/search/recentSearches/${gone}`)).status).toBe(200);
    expect((await recent()).map((r) => r.id)).not.toContain(gone);
    const again = await client.delete<ApiError>(`/api/u/0/search/recentSearches/${gone}`);
    expect(again.status).toBe(404);
    expect(again.body.reason).toBe('recentSearchNotFound');
  });

  it('saves a search and lists it with its unread count', async () => {
    const saved = await client.post<SavedSearch>('/api/u/0/search/saved', {
      name: 'Bulk',
      query: 'bulkword',
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    const unseenNow = Object.values(
      await imapSets('UNSEEN TEXT "bulkword"', ['INBOX', 'Sent', 'Archive', 'Projects/X']),
    ).flat().length;
    expect(unseenNow).toBeGreaterThan(0);
    const list = (await client.get<SavedSearchesResponse>('/api/u/0/search/saved')).body.savedSearches;
    expect(list).toEqual([{ id: saved.body.id, name: 'Bulk', query: 'bulkword', unseen: unseenNow }]);
    const bad = await client.post<ApiError>('/api/u/0/search/saved', { name: 'Bad', query: 'a OR' });
    expect(bad.status).toBe(422);
    expect((await client.delete(`/api/u/0/search/saved/${saved.body.id}`)).status).toBe(200);
    expect((await client.delete(`/api/u/0/search/saved/${saved.body.id}`)).status).toBe(404);
  });
});
