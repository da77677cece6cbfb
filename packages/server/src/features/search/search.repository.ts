import type { Db } from '../../infra/db/database.js';
import { randomToken } from '../../infra/crypto.js';
import type { SearchRecentTable, SearchSavedTable } from './search.tables.js';

export type RecentRow = Omit<SearchRecentTable, 'account'>;
export type SavedRow = Omit<SearchSavedTable, 'account'>;

/** Recent and saved searches; one method per query. */
export class SearchRepository {
  constructor(private readonly db: Db) {}

  /** Newest first. */
  async recent(account: string): Promise<RecentRow[]> {
    return this.db
      .selectFrom('search_recent')
      .select(['id', 'query', 'hits', 'used_at'])
      .where('account', '=', account)
      .orderBy('used_at', 'desc')
      .orderBy('id')
      .execute();
  }

  /**
   * Stores a search as the newest one: a repeated query keeps its row (and id) and moves to the top with its new
   * hits. Returns the row's id.
   */
  async upsertRecent(account: string, query: string, hits: string, now: number): Promise<string> {
    await this.db
      .insertInto('search_recent')
      .values({ id: randomToken(9), account, query, hits, used_at: now })
      .onConflict((oc) => oc.columns(['account', 'query']).doUpdateSet({ hits, used_at: now }))
      .execute();
    const row = await this.db
      .selectFrom('search_recent')
      .select('id')
      .where('account', '=', account)
      .where('query', '=', query)
      .executeTakeFirstOrThrow();
    return row.id;
  }

  /** Deletes the rows beyond the newest `keep`; returns the ids deleted. */
  async pruneRecent(account: string, keep: number): Promise<string[]> {
    const rows = await this.recent(account);
    const old = rows.slice(keep).map((r) => r.id);
    if (old.length > 0) {
      await this.db
        .deleteFrom('search_recent')
        .where('account', '=', account)
        .where('id', 'in', old)
        .execute();
    }
    return old;
  }

  /** Whether a row was deleted. */
  async deleteRecent(account: string, id: string): Promise<boolean> {
    const result = await this.db
      .deleteFrom('search_recent')
      .where('account', '=', account)
      .where('id', '=', id)
      .executeTakeFirst();
    return Number(result.numDeletedRows) > 0;
  }

  /** Oldest first (the order they were saved in). */
  async saved(account: string): Promise<SavedRow[]> {
    return this.db
      .selectFrom('search_saved')
      .select(['id', 'name', 'query', 'created_at'])
      .where('account', '=', account)
      .orderBy('created_at')
      .orderBy('id')
      .execute();
  }

  async insertSaved(account: string, name: string, query: string, now: number): Promise<SavedRow> {
    const row = { id: randomToken(9), account, name, query, created_at: now };
    await this.db.insertInto('search_saved').values(row).execute();
    return { id: row.id, name, query, created_at: now };
  }

  async deleteSaved(account: string, id: string): Promise<boolean> {
    const result = await this.db
      .deleteFrom('search_saved')
      .where('account', '=', account)
      .where('id', '=', id)
      .executeTakeFirst();
    return Number(result.numDeletedRows) > 0;
  }
}
