import {
  formatSearch,
  parseSearch,
  RecentSearchEmail,
  searchKeywordPatterns,
  searchLimits,
  type MassActionRequest,
  type MassActionResponse,
  type ParsedSearch,
  type RecentSearch,
  type SearchKeywordsResponse,
  type SearchResponse,
} from '@webmail/contracts';
import { z } from 'zod';
import { readJsonColumn } from '../../infra/db/json-column.js';
import type { PublishEvent } from '../../infra/events/event-bus.js';
import { notFound, validationError, type FieldProblem } from '../../infra/errors.js';
import type { MailSession, MailFolder } from '../../mail/mail-session.js';
import type { MailboxesService } from '../mailboxes/mailboxes.service.js';
import type { MassActionsService } from '../messages/mass-actions.service.js';
import type { SearchEngines } from './search-engines.js';
import type { ImapArg } from '../../mail/imap/imap-raw-command.js';
import { searchUidSet } from '../../mail/imap/imap-uid-lists.js';
import { criteriaInFolder, isRelative, withCharset } from './search-criteria.js';
import type { SearchRepository } from './search.repository.js';

export interface SearchRequest {
  search: string;
  offset: number;
  limit: number;
  mode: 'messages' | 'conversations';
  setRecent: boolean;
  mailboxId?: string;
}

/** A query that could not be read: 422 on `search` with each problem's code (the bar marks them itself). */
function parseOrRefuse(text: string): ParsedSearch {
  const result = parseSearch(text);
  if (result.ok) return result.search;
  const problems: FieldProblem[] = result.errors.map((e) => ({
    code: e.code,
    message: `The search cannot be read (${e.code} at ${e.start})`,
    params: { ...e.params, start: e.start, end: e.end },
  }));
  throw validationError({ search: problems }, 'searchInvalid');
}

/**
 * Search: parse the query (contracts), pick the folders (scope), build IMAP criteria (never from user text as
 * syntax), run the engine (search-engines.ts), and remember the query as a recent search with its first hits.
 * Mass actions on all results run the folder mass actions with the search's criteria per folder.
 */
export class SearchService {
  constructor(
    private readonly mailboxes: MailboxesService,
    private readonly massActions: MassActionsService,
    private readonly engines: SearchEngines,
    private readonly repository: SearchRepository,
    private readonly publish: PublishEvent,
  ) {}

  keywords(): SearchKeywordsResponse {
    return { keywords: { ...searchKeywordPatterns } };
  }

  /** What a query means here: its folders and its IMAP criteria. */
  async prepare(mail: MailSession, text: string, mailboxId?: string) {
    const parsed = parseOrRefuse(text);
    const listing = await this.mailboxes.listing(mail);
    const scope = this.engines.scopeOf(listing, parsed.scope, mailboxId);
    const options = { now: new Date(), within: listing.connection.has('WITHIN') };
    /** The criteria in the selected folder (negations of indexed keys evaluated there first). */
    const criteriaIn = (folder: MailFolder, extra: ImapArg[] = []) =>
      criteriaInFolder(parsed, options, async (c) => (await searchUidSet(folder, c)).set).then((criteria) => [
        ...criteria,
        ...extra,
      ]);
    return { parsed, listing, scope, criteriaIn };
  }

  async search(mail: MailSession, request: SearchRequest): Promise<SearchResponse> {
    const { parsed, listing, scope, criteriaIn } = await this.prepare(
      mail,
      request.search,
      request.mailboxId,
    );
    const page = await this.engines.page(mail, listing, scope, {
      criteria: (folder) => criteriaIn(folder),
      key: formatSearch({ root: parsed.root, scope: null }),
      relative: isRelative(parsed.root),
      offset: request.offset,
      limit: request.limit,
      mode: request.mode,
    });
    if (request.setRecent && request.offset === 0) await this.remember(mail, request.search, page.rows);
    return {
      total: page.total,
      offset: request.offset,
      messages: page.rows,
      mailboxes: scope.folders.map((f) => f.mailboxId),
    };
  }

  async recentSearches(mail: MailSession): Promise<RecentSearch[]> {
    const rows = await this.repository.recent(mail.email);
    return rows.slice(0, searchLimits.recentSearches).map((row) => ({
      id: row.id,
      search_query: row.query,
      searchEmails: readJsonColumn(z.array(RecentSearchEmail), row.hits, 'search_recent.hits'),
    }));
  }

  async deleteRecentSearch(mail: MailSession, id: string): Promise<void> {
    if (!(await this.repository.deleteRecent(mail.email, id))) {
      throw notFound('Recent search', 'recentSearchNotFound');
    }
    this.publish(mail.email, { command: 'recentSearchDeleted', id });
  }

  /**
   * `POST /search/massAction`. With `context: 'searchAll'`, a `'*'` reference means every result of `search`:
   * per folder of its scope, every message matching its criteria (one SEARCH, then one STORE/MOVE on the UID
   * set — the folder mass action), loaded in the folder or not. Other references name messages by UID.
   */
  async massAction(mail: MailSession, request: MassActionRequest): Promise<MassActionResponse> {
    const explicit = request.messages.filter((ref) => ref.messageId !== '*');
    const all = request.messages.length > explicit.length;
    if (request.context !== 'searchAll' || !all) {
      return this.massActions.runOnMatches(mail, request, request.messages, []);
    }
    if (!request.search) {
      const message = 'Say which search the action is for';
      throw validationError({ search: [{ code: 'required', message }] }, 'searchInvalid');
    }
    const { scope, criteriaIn } = await this.prepare(mail, request.search);
    const criteria = async (folder: MailFolder) => withCharset(await criteriaIn(folder));
    const matches = scope.folders.map((f) => ({ mailboxId: f.mailboxId, criteria }));
    return this.massActions.runOnMatches(mail, request, explicit, matches);
  }

  /** Keeps the query as the newest recent search with its first hits; at most five are kept. */
  private async remember(mail: MailSession, text: string, rows: SearchResponse['messages']): Promise<void> {
    const query = text.trim();
    const hits: RecentSearchEmail[] = rows.slice(0, searchLimits.recentHits).map((row) => ({
      email_id: `${row.mailbox}:${row.id}`,
      subject: row.subject,
      address: row.from?.address ?? '',
      is_draft: row.draft,
      has_attachments: row.hasAttachments,
      date: row.date,
      mailbox: row.mailbox,
      thread: row.thread,
      id: row.id,
    }));
    // Strictly newer than the newest kept, so two searches in one millisecond still keep their order.
    const newest = (await this.repository.recent(mail.email))[0]?.used_at ?? 0;
    const now = Math.max(Date.now(), newest + 1);
    const id = await this.repository.upsertRecent(mail.email, query, JSON.stringify(hits), now);
    const pruned = await this.repository.pruneRecent(mail.email, searchLimits.recentSearches);
    this.publish(mail.email, { command: 'recentSearchUpdated', id });
    for (const old of pruned) this.publish(mail.email, { command: 'recentSearchDeleted', id: old });
  }
}
