import type { Selectable } from 'kysely';
import type { Db } from '../../infra/db/database.js';
import type { SecurityAppPasswordsTable } from './security.tables.js';

export type AppPasswordRow = Selectable<SecurityAppPasswordsTable>;

export class AppPasswordsRepository {
  constructor(private readonly db: Db) {}

  list(account: string): Promise<AppPasswordRow[]> {
    return this.db
      .selectFrom('security_app_passwords')
      .selectAll()
      .where('account', '=', account)
      .orderBy('created_at', 'desc')
      .execute();
  }

  async count(account: string): Promise<number> {
    const row = await this.db
      .selectFrom('security_app_passwords')
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .where('account', '=', account)
      .executeTakeFirst();
    return Number(row?.n ?? 0);
  }

  async insert(row: AppPasswordRow): Promise<void> {
    await this.db.insertInto('security_app_passwords').values(row).execute();
  }

  async remove(account: string, id: string): Promise<boolean> {
    const result = await this.db
      .deleteFrom('security_app_passwords')
      .where('account', '=', account)
      .where('id', '=', id)
      .executeTakeFirst();
    return Number(result.numDeletedRows) === 1;
  }

  /** Notes a use the mail server reported; false when the password is not (or no longer) known. */
  async noteUse(
    account: string,
    id: string,
    use: { at: number; ip: string; protocol: string },
  ): Promise<boolean> {
    const result = await this.db
      .updateTable('security_app_passwords')
      .set({ last_used_at: use.at, last_ip: use.ip, last_protocol: use.protocol })
      .where('account', '=', account)
      .where('id', '=', id)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }
}
