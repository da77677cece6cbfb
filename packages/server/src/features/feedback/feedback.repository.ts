import type { Selectable } from 'kysely';
import type { Db } from '../../infra/db/database.js';
import type { FeedbackTable } from './feedback.tables.js';

export type FeedbackRow = Selectable<FeedbackTable>;

export class FeedbackRepository {
  constructor(private readonly db: Db) {}

  async insert(row: FeedbackRow): Promise<void> {
    await this.db.insertInto('feedback').values(row).execute();
  }

  /** Creation times of the account's feedback since `since`, oldest first (the hourly limit). */
  async sentSince(account: string, since: number): Promise<number[]> {
    const rows = await this.db
      .selectFrom('feedback')
      .select('created_at')
      .where('account', '=', account)
      .where('created_at', '>', since)
      .orderBy('created_at')
      .execute();
    return rows.map((r) => Number(r.created_at));
  }

  async markMailed(id: string, at: number): Promise<void> {
    await this.db.updateTable('feedback').set({ mailed_at: at }).where('id', '=', id).execute();
  }

  async find(id: string): Promise<FeedbackRow | undefined> {
    return this.db.selectFrom('feedback').selectAll().where('id', '=', id).executeTakeFirst();
  }
}
