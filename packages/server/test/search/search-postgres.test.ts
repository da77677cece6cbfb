import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  ApiError,
  RecentSearchesResponse,
  SavedSearch,
  SavedSearchesResponse,
} from '@webmail/contracts';
import type { TestClient } from '../support/http-client.testing.js';
import { imapAs, newMailUser, startServer } from '../support/harness.testing.js';
import { seedMessages } from './search-seed.testing.js';

/** Recent and saved searches on PostgreSQL (migration 0010_search), each user seeing only their own. */
describe('recent and saved searches on PostgreSQL', () => {
  let server: Awaited<ReturnType<typeof startServer>>;
  let alice: TestClient;
  let bob: TestClient;
  const recent = async (client: TestClient) =>
    (await client.get<RecentSearchesResponse>('/api/u/0/search/recentSearches')).body.recentSearches;

  beforeAll(async () => {
    server = await startServer('postgres');
    const users = [await newMailUser('search-pg-a'), await newMailUser('search-pg-b')];
    const imap = await imapAs(users[0]!);
    await seedMessages(imap, users[0]!.email, [
      { folder: 'INBOX', from: 'x@example.test', subject: 'Budget', text: 'budget', daysAgo: 2 },
      {
        folder: 'INBOX',
        from: 'y@example.test',
        subject: 'Read',
        text: 'budget',
        daysAgo: 1,
        flags: ['\\Seen'],
      },
    ]);
    await imap.logout();
    [alice, bob] = [server.client(), server.client()];
    await alice.signIn(users[0]!.email, users[0]!.password);
    await bob.signIn(users[1]!.email, users[1]!.password);
  });
  afterAll(() => server.close());

  it('keeps five recent searches, the repeated one on top, and another user can neither see nor delete them', async () => {
    for (const query of ['one', 'two', 'budget', 'four', 'five', 'six', 'budget']) {
      expect((await alice.get(`/api/u/0/search?search=${query}&setRecent=true`)).status).toBe(200);
    }
    const mine = await recent(alice);
    expect(mine.map((r) => r.search_query)).toEqual(['budget', 'six', 'five', 'four', 'two']);
    expect(mine[0]!.searchEmails.map((e) => e.subject)).toEqual(['Read', 'Budget']);
    expect(await recent(bob)).toEqual([]);

    const other = await bob.delete<ApiError>(`/api/u/0/search/recentSearches/${mine[0]!.id}`);
    expect(other.status).toBe(404);
    expect((await recent(alice)).map((r) => r.id)).toContain(mine[0]!.id);
    expect((await alice.delete(`/api/u/0/search/recentSearches/${mine[0]!.id}`)).status).toBe(200);
    expect((await recent(alice)).map((r) => r.search_query)).toEqual(['six', 'five', 'four', 'two']);
  });

  it('saves a search with its unread count for its owner only', async () => {
    const saved = await alice.post<SavedSearch>('/api/u/0/search/saved', { name: 'Budget', query: 'budget' });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    const list = (await alice.get<SavedSearchesResponse>('/api/u/0/search/saved')).body.savedSearches;
    expect(list).toEqual([{ id: saved.body.id, name: 'Budget', query: 'budget', unseen: 1 }]);
    expect((await bob.get<SavedSearchesResponse>('/api/u/0/search/saved')).body.savedSearches).toEqual([]);
    expect((await bob.delete(`/api/u/0/search/saved/${saved.body.id}`)).status).toBe(404);
  });
});
