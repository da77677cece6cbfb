import { sql, type Selectable } from 'kysely';
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

  /**
   * Records a stored version unless the row already names a newer one (a higher revision, or the same revision
   * at a higher UID): a compare-and-set in one statement, so saves of one draft on several server processes
   * leave the newest in the row whatever order they finish in. True when the row now names this version.
   */
  async save(row: DraftRow): Promise<boolean> {
    const { account: _account, draft_id: _draftId, ...rest } = row;
    const result = await this.db
      .insertInto('compose_drafts')
      .values(row)
      .onConflict((oc) =>
        oc
          .columns(['account', 'draft_id'])
          .doUpdateSet(rest)
          .where(
            sql<boolean>`coalesce(compose_drafts.revision, -1) < coalesce(excluded.revision, -1)
              or (coalesce(compose_drafts.revision, -1) = coalesce(excluded.revision, -1)
                and coalesce(compose_drafts.uid, -1) <= coalesce(excluded.uid, -1))`,
          ),
      )
      .executeTakeFirst();
    return Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
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
