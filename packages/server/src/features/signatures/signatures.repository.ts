import type { Selectable } from 'kysely';
import type { Db } from '../../infra/db/database.js';
import type { SignaturesTable } from './signatures.tables.js';

export type SignatureRow = Omit<Selectable<SignaturesTable>, 'account'>;

const columns = ['id', 'name', 'html', 'is_default', 'created_at', 'updated_at'] as const;

/** Every query reads and writes one account's rows only. */
export class SignaturesRepository {
  constructor(private readonly db: Db) {}

  async list(account: string): Promise<SignatureRow[]> {
    return this.db
      .selectFrom('signatures')
      .select(columns)
      .where('account', '=', account)
      .orderBy('is_default', 'desc')
      .orderBy('name')
      .orderBy('created_at')
      .execute();
  }

  async find(account: string, id: string): Promise<SignatureRow | undefined> {
    return this.db
      .selectFrom('signatures')
      .select(columns)
      .where('account', '=', account)
      .where('id', '=', id)
      .executeTakeFirst();
  }

  async count(account: string): Promise<number> {
    const row = await this.db
      .selectFrom('signatures')
      .select((eb) => eb.fn.countAll<string | number>().as('n'))
      .where('account', '=', account)
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }

  /** Inserts the row; when it is the default, the old default is unmarked in the same transaction. */
  async insert(account: string, row: SignatureRow): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      if (row.is_default) {
        await trx.updateTable('signatures').set({ is_default: 0 }).where('account', '=', account).execute();
      }
      await trx
        .insertInto('signatures')
        .values({ account, ...row })
        .execute();
    });
  }

  /** Changes the given fields; `is_default: 1` unmarks every other signature of the account. False: no such row. */
  async update(
    account: string,
    id: string,
    changes: Partial<Pick<SignatureRow, 'name' | 'html' | 'is_default'>> & { updated_at: number },
  ): Promise<boolean> {
    return this.db.transaction().execute(async (trx) => {
      if (changes.is_default) {
        await trx
          .updateTable('signatures')
          .set({ is_default: 0 })
          .where('account', '=', account)
          .where('id', '!=', id)
          .execute();
      }
      const result = await trx
        .updateTable('signatures')
        .set(changes)
        .where('account', '=', account)
        .where('id', '=', id)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) > 0;
    });
  }

  async delete(account: string, id: string): Promise<boolean> {
    const result = await this.db
      .deleteFrom('signatures')
      .where('account', '=', account)
      .where('id', '=', id)
      .executeTakeFirst();
    return Number(result.numDeletedRows) > 0;
  }
}
