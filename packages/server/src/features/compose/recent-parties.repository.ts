import { sql, type Selectable } from 'kysely';
import type { Db } from '../../infra/db/database.js';
import type { ComposeHarvestTable, ComposeRecentPartiesTable } from './compose.tables.js';

export type PartyRow = Selectable<ComposeRecentPartiesTable>;
export type HarvestRow = Selectable<ComposeHarvestTable>;

/** `%` and `_` are LIKE wildcards; a query containing them means the characters themselves. */
const likeEscape = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

export class RecentPartiesRepository {
  constructor(private readonly db: Db) {}

  async findMany(account: string, addresses: string[]): Promise<PartyRow[]> {
    if (addresses.length === 0) return [];
    return this.db
      .selectFrom('compose_recent_parties')
      .selectAll()
      .where('account', '=', account)
      .where('address', 'in', addresses)
      .execute();
  }

  async upsert(rows: PartyRow[]): Promise<void> {
    for (const row of rows) {
      const { account: _account, address: _address, ...rest } = row;
      await this.db
        .insertInto('compose_recent_parties')
        .values(row)
        .onConflict((oc) => oc.columns(['account', 'address']).doUpdateSet(rest))
        .execute();
    }
  }

  /** Rows whose search text contains every token, best raw score first (the caller ranks exactly). */
  async search(account: string, tokens: string[], exclude: string, limit: number): Promise<PartyRow[]> {
    let query = this.db
      .selectFrom('compose_recent_parties')
      .selectAll()
      .where('account', '=', account)
      .where('address', '!=', exclude);
    for (const token of tokens) {
      query = query.where(sql<boolean>`search_text like ${`%${likeEscape(token)}%`} escape '\\'`);
    }
    return query.orderBy('score', 'desc').limit(limit).execute();
  }

  async harvestState(account: string): Promise<HarvestRow[]> {
    return this.db.selectFrom('compose_harvest').selectAll().where('account', '=', account).execute();
  }

  async saveHarvest(row: HarvestRow): Promise<void> {
    const { account: _account, folder: _folder, ...rest } = row;
    await this.db
      .insertInto('compose_harvest')
      .values(row)
      .onConflict((oc) => oc.columns(['account', 'folder']).doUpdateSet(rest))
      .execute();
  }
}
