import type { Insertable, Selectable } from 'kysely';
import type { Db } from '../../infra/db/database.js';
import type { AccountAvatarsTable } from './outgoing-addresses.tables.js';

export type AccountAvatarRow = Selectable<AccountAvatarsTable>;

export class AccountAvatarRepository {
  constructor(private readonly db: Db) {}

  find(account: string): Promise<AccountAvatarRow | undefined> {
    return this.db
      .selectFrom('account_avatars')
      .selectAll()
      .where('account', '=', account)
      .executeTakeFirst();
  }

  async etags(accounts: string[]): Promise<Map<string, string>> {
    if (accounts.length === 0) return new Map();
    const rows = await this.db
      .selectFrom('account_avatars')
      .select(['account', 'etag'])
      .where('account', 'in', accounts)
      .execute();
    return new Map(rows.map((r) => [r.account, r.etag]));
  }

  /** Puts the account's avatar in place of the old one (one row per account). */
  async save(account: string, values: Omit<Insertable<AccountAvatarsTable>, 'account'>): Promise<void> {
    await this.db
      .insertInto('account_avatars')
      .values({ account, ...values })
      .onConflict((oc) => oc.column('account').doUpdateSet(values))
      .execute();
  }

  async remove(account: string): Promise<void> {
    await this.db.deleteFrom('account_avatars').where('account', '=', account).execute();
  }
}
