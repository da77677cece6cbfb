import type { Selectable } from 'kysely';
import type { Db } from '../../infra/db/database.js';
import type { ComposeDraftsTable } from './compose.tables.js';

export type DraftRow = Selectable<ComposeDraftsTable>;

/** Where each draft's current IMAP copy is and what it held (for skipping identical saves). */
export class DraftsRepository {
  constructor(private readonly db: Db) {}

  async find(account: string, draftId: string): Promise<DraftRow | undefined> {
    const row = await this.db
      .selectFrom('compose_drafts')
      .selectAll()
      .where('account', '=', account)
      .where('draft_id', '=', draftId)
      .executeTakeFirst();
    return row && { ...row, uid: row.uid === null ? null : Number(row.uid) };
  }

  async save(row: DraftRow): Promise<void> {
    const { account: _account, draft_id: _draftId, ...rest } = row;
    await this.db
      .insertInto('compose_drafts')
      .values(row)
      .onConflict((oc) => oc.columns(['account', 'draft_id']).doUpdateSet(rest))
      .execute();
  }

  async remove(account: string, draftId: string): Promise<void> {
    await this.db
      .deleteFrom('compose_drafts')
      .where('account', '=', account)
      .where('draft_id', '=', draftId)
      .execute();
  }

  /** Rows of drafts nobody touched for long (the IMAP copy stays; only the save bookkeeping goes). */
  async pruneBefore(cutoff: number): Promise<void> {
    await this.db.deleteFrom('compose_drafts').where('updated_at', '<', cutoff).execute();
  }
}
