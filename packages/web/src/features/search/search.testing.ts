import type {
  MassActionRequest,
  MassActionResponse,
  MessageSummary,
  RecentParty,
  RecentSearch,
  SavedSearch,
} from '@webmail/contracts';
import { http, HttpResponse } from 'msw';

/** What the fake search API knows: results per query, recent and saved searches, people to suggest. */
export interface SearchState {
  results: Record<string, MessageSummary[]>;
  recent?: RecentSearch[];
  saved?: SavedSearch[];
  parties?: RecentParty[];
  /** DELETE of a recent search answers 404 (already gone). */
  recentGone?: boolean;
}

/** Test-data builder for a recent search. */
export function buildRecentSearch(id: string, query: string): RecentSearch {
  return { id, search_query: query, searchEmails: [] };
}

/**
 * The search endpoints over `state`, with the requests recorded: the searches asked for, the deletes and the
 * mass actions (answered as the server does, per folder of the addressed rows).
 */
export function searchApi(state: SearchState) {
  const searches: URL[] = [];
  const deletes: string[] = [];
  const actions: MassActionRequest[] = [];
  const handlers = [
    http.get('/api/u/:userIndex/search', ({ request }) => {
      const url = new URL(request.url);
      searches.push(url);
      const query = url.searchParams.get('search') ?? '';
      const offset = Number(url.searchParams.get('offset') ?? 0);
      const limit = Number(url.searchParams.get('limit') ?? 50);
      const rows = state.results[query] ?? [];
      return HttpResponse.json({
        total: rows.length,
        offset,
        messages: rows.slice(offset, offset + limit),
        mailboxes: [...new Set(rows.map((row) => row.mailbox))],
      });
    }),
    http.get('/api/u/:userIndex/search/recentSearches', () =>
      HttpResponse.json({ recentSearches: state.recent ?? [] }),
    ),
    http.delete('/api/u/:userIndex/search/recentSearches/:id', ({ params }) => {
      deletes.push(String(params.id));
      if (state.recentGone) {
        return HttpResponse.json(
          { code: 'NotFound', reason: 'recentSearchNotFound', message: 'gone' },
          { status: 404 },
        );
      }
      state.recent = (state.recent ?? []).filter((r) => r.id !== params.id);
      return HttpResponse.json({ ok: true });
    }),
    http.get('/api/u/:userIndex/search/saved', () => HttpResponse.json({ savedSearches: state.saved ?? [] })),
    http.get('/api/u/:userIndex/mailbox/compose/recentParties', ({ request }) => {
      const query = new URL(request.url).searchParams.get('query') ?? '';
      const parties = (state.parties ?? []).filter((p) =>
        `${p.name} ${p.address}`.toLowerCase().includes(query),
      );
      return HttpResponse.json({ recentParties: parties });
    }),
    http.post('/api/u/:userIndex/search/massAction', async ({ request }) => {
      const body = (await request.json()) as MassActionRequest;
      actions.push(body);
      const query = body.search ?? '';
      const rows = state.results[query] ?? [];
      const addressed =
        body.context === 'searchAll'
          ? rows.map((row) => ({ mailboxId: row.mailbox, uid: row.id }))
          : body.messages.map((m) => ({ mailboxId: m.mailboxId, uid: m.messageId as number }));
      const folders = [...new Set(addressed.map((a) => a.mailboxId))].map((mailboxId) => {
        const uids = addressed
          .filter((a) => a.mailboxId === mailboxId)
          .map((a) => a.uid)
          .sort((a, b) => a - b);
        const set = uids.join(',');
        return {
          mailboxId,
          total: uids.length,
          handled: uids.length,
          handledUidSet: set,
          changedUidSet: set,
        };
      });
      // Moved messages leave every search (the fake keeps no other folders), as Inbox-only results would.
      if (!['seen', 'unseen', 'flagged', 'unflag'].includes(body.action)) {
        const gone = new Set(addressed.map((a) => `${a.mailboxId}/${a.uid}`));
        for (const key of Object.keys(state.results)) {
          state.results[key] = state.results[key]!.filter((row) => !gone.has(`${row.mailbox}/${row.id}`));
        }
      }
      const response: MassActionResponse = {
        action: body.action,
        total: addressed.length,
        handled: addressed.length,
        folders,
        moved: [],
      };
      return HttpResponse.json(response);
    }),
  ];
  return { handlers, searches, deletes, actions };
}
