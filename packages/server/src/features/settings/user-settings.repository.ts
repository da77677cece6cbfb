import type { Db } from '../../infra/db/database.js';

export class UserSettingsRepository {
  constructor(private readonly db: Db) {}

  /** The stored JSON document, or undefined when the user never changed a preference. */
  async find(account: string): Promise<unknown> {
    const row = await this.db
      .selectFrom('user_settings')
      .select('settings')
      .where('account', '=', account)
      .executeTakeFirst();
    return row ? (JSON.parse(row.settings) as unknown) : undefined;
  }

  async save(account: string, settings: object, now: number): Promise<void> {
    const json = JSON.stringify(settings);
    await this.db
      .insertInto('user_settings')
      .values({ account, settings: json, updated_at: now })
      .onConflict((oc) => oc.column('account').doUpdateSet({ settings: json, updated_at: now }))
      .execute();
  }
}
