import type { Db } from '../../infra/db/database.js';

export interface SenderRow {
  id: string;
  address: string;
  created_at: number;
}

export class ExternalContentRepository {
  constructor(private readonly db: Db) {}

  async findMode(account: string): Promise<string | undefined> {
    const row = await this.db
      .selectFrom('external_content')
      .select('mode')
      .where('account', '=', account)
      .executeTakeFirst();
    return row?.mode;
  }

  async saveMode(account: string, mode: string, now: number): Promise<void> {
    await this.db
      .insertInto('external_content')
      .values({ account, mode, updated_at: now })
      .onConflict((oc) => oc.column('account').doUpdateSet({ mode, updated_at: now }))
      .execute();
  }

  async listSenders(account: string): Promise<SenderRow[]> {
    return this.db
      .selectFrom('external_content_senders')
      .select(['id', 'address', 'created_at'])
      .where('account', '=', account)
      .orderBy('created_at', 'desc')
      .orderBy('address')
      .execute();
  }

  async findSender(account: string, address: string): Promise<SenderRow | undefined> {
    return this.db
      .selectFrom('external_content_senders')
      .select(['id', 'address', 'created_at'])
      .where('account', '=', account)
      .where('address', '=', address)
      .executeTakeFirst();
  }

  /** Inserts unless the address is listed already (a concurrent add of the same address is not an error). */
  async addSender(account: string, row: SenderRow): Promise<void> {
    await this.db
      .insertInto('external_content_senders')
      .values({ account, ...row })
      .onConflict((oc) => oc.columns(['account', 'address']).doNothing())
      .execute();
  }

  /** True when a row was deleted. */
  async deleteSender(account: string, id: string): Promise<boolean> {
    const result = await this.db
      .deleteFrom('external_content_senders')
      .where('account', '=', account)
      .where('id', '=', id)
      .executeTakeFirst();
    return Number(result.numDeletedRows) > 0;
  }
}
