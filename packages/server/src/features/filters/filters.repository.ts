import type { Kysely, Selectable } from 'kysely';
import type { Database, Db } from '../../infra/db/database.js';
import type { FilterSettingsTable, FiltersTable } from './filters.tables.js';

export type FilterRow = Omit<Selectable<FiltersTable>, 'account'>;
export type FilterSettingsRow = Omit<Selectable<FilterSettingsTable>, 'account' | 'updated_at'>;

const columns = [
  'id',
  'position',
  'name',
  'disabled',
  'query',
  'action',
  'created_at',
  'updated_at',
] as const;

/** Every query reads and writes one account's rows only. */
export class FiltersRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /**
   * Runs `fn` in one transaction with the account's settings row locked (an UPDATE locks the row on PostgreSQL
   * and takes the write lock on SQLite), so two changes of one account's filters never interleave; `fn` throwing
   * rolls every change back.
   */
  async changing<T>(account: string, fn: (repository: FiltersRepository) => Promise<T>): Promise<T> {
    return (this.db as Db).transaction().execute(async (trx) => {
      await trx
        .insertInto('filter_settings')
        .values({ account, targets: '[]', spam_level: 50, autoreply: null, updated_at: Date.now() })
        .onConflict((oc) => oc.column('account').doNothing())
        .execute();
      await trx
        .updateTable('filter_settings')
        .set({ updated_at: Date.now() })
        .where('account', '=', account)
        .execute();
      return fn(new FiltersRepository(trx));
    });
  }

  async list(account: string): Promise<FilterRow[]> {
    return this.db
      .selectFrom('filters')
      .select(columns)
      .where('account', '=', account)
      .orderBy('position')
      .orderBy('created_at')
      .execute();
  }

  async find(account: string, id: string): Promise<FilterRow | undefined> {
    return this.db
      .selectFrom('filters')
      .select(columns)
      .where('account', '=', account)
      .where('id', '=', id)
      .executeTakeFirst();
  }

  /** The position after the last filter. */
  async nextPosition(account: string): Promise<number> {
    const row = await this.db
      .selectFrom('filters')
      .select((eb) => eb.fn.max('position').as('last'))
      .where('account', '=', account)
      .executeTakeFirst();
    return row?.last === null || row?.last === undefined ? 0 : Number(row.last) + 1;
  }

  async insert(account: string, row: FilterRow): Promise<void> {
    await this.db
      .insertInto('filters')
      .values({ account, ...row })
      .execute();
  }

  /** False: no such filter. */
  async update(
    account: string,
    id: string,
    changes: Partial<Pick<FilterRow, 'name' | 'disabled' | 'query' | 'action' | 'position'>> & {
      updated_at: number;
    },
  ): Promise<boolean> {
    const result = await this.db
      .updateTable('filters')
      .set(changes)
      .where('account', '=', account)
      .where('id', '=', id)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  }

  /** Switches the given filters (all when `ids` is undefined); the number changed. */
  async setDisabled(
    account: string,
    disabled: boolean,
    ids: readonly string[] | undefined,
    now: number,
  ): Promise<number> {
    let query = this.db
      .updateTable('filters')
      .set({ disabled: disabled ? 1 : 0, updated_at: now })
      .where('account', '=', account);
    if (ids) query = query.where('id', 'in', ids.length > 0 ? [...ids] : ['']);
    return Number((await query.executeTakeFirst()).numUpdatedRows);
  }

  async delete(account: string, ids: readonly string[]): Promise<number> {
    if (ids.length === 0) return 0;
    const result = await this.db
      .deleteFrom('filters')
      .where('account', '=', account)
      .where('id', 'in', [...ids])
      .executeTakeFirst();
    return Number(result.numDeletedRows);
  }

  /** Whether the account ever changed filters or their settings (a script of ours may exist). */
  async hasSettings(account: string): Promise<boolean> {
    const row = await this.db
      .selectFrom('filter_settings')
      .select('account')
      .where('account', '=', account)
      .executeTakeFirst();
    return row !== undefined;
  }

  async settings(account: string): Promise<FilterSettingsRow> {
    const row = await this.db
      .selectFrom('filter_settings')
      .select(['targets', 'spam_level', 'autoreply'])
      .where('account', '=', account)
      .executeTakeFirst();
    return row ?? { targets: '[]', spam_level: 50, autoreply: null };
  }

  /** Only inside `changing` (the row exists there). */
  async updateSettings(account: string, changes: Partial<FilterSettingsRow>): Promise<void> {
    await this.db
      .updateTable('filter_settings')
      .set({ ...changes, updated_at: Date.now() })
      .where('account', '=', account)
      .execute();
  }
}
