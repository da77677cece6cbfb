import type { Db } from '../../infra/db/database.js';

export class UserConfigRepository {
  constructor(private readonly db: Db) {}

  /** The stored JSON document, or undefined when the user never changed the configuration. */
  async find(account: string): Promise<unknown> {
    const row = await this.db
      .selectFrom('user_config')
      .select('config')
      .where('account', '=', account)
      .executeTakeFirst();
    return row ? (JSON.parse(row.config) as unknown) : undefined;
  }

  async save(account: string, config: object, now: number): Promise<void> {
    const json = JSON.stringify(config);
    await this.db
      .insertInto('user_config')
      .values({ account, config: json, updated_at: now })
      .onConflict((oc) => oc.column('account').doUpdateSet({ config: json, updated_at: now }))
      .execute();
  }
}
