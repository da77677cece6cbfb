import type { Insertable, Selectable } from 'kysely';
import type { Db } from '../../infra/db/database.js';
import type { ComposeUploadsTable } from './compose.tables.js';

export type UploadRow = Selectable<ComposeUploadsTable>;
export type UploadMeta = Omit<UploadRow, 'data'>;

const metaColumns = [
  'id',
  'account',
  'draft_id',
  'filename',
  'content_type',
  'size',
  'inline',
  'content_id',
  'sha256',
  'created_at',
  'used_at',
] as const;

/** Files uploaded for drafts, one row each with its bytes. */
export class UploadsRepository {
  constructor(private readonly db: Db) {}

  async insert(row: Insertable<ComposeUploadsTable>): Promise<void> {
    await this.db.insertInto('compose_uploads').values(row).execute();
  }

  /** The account's uploads among `ids`, with their bytes. */
  async findMany(account: string, ids: string[]): Promise<UploadRow[]> {
    if (ids.length === 0) return [];
    return this.db
      .selectFrom('compose_uploads')
      .selectAll()
      .where('account', '=', account)
      .where('id', 'in', ids)
      .execute();
  }

  /** An upload of the same bytes and name for the same draft (re-resuming a draft reuses it). */
  async findSame(account: string, draftId: string, sha256: string, filename: string) {
    return this.db
      .selectFrom('compose_uploads')
      .select(metaColumns)
      .where('account', '=', account)
      .where('draft_id', '=', draftId)
      .where('sha256', '=', sha256)
      .where('filename', '=', filename)
      .executeTakeFirst();
  }

  /** Decoded bytes already uploaded for a draft. */
  async draftBytes(account: string, draftId: string): Promise<number> {
    const row = await this.db
      .selectFrom('compose_uploads')
      .select((eb) => eb.fn.sum<number | string>('size').as('total'))
      .where('account', '=', account)
      .where('draft_id', '=', draftId)
      .executeTakeFirst();
    return Number(row?.total ?? 0);
  }

  async touch(account: string, ids: string[], now: number): Promise<void> {
    if (ids.length === 0) return;
    await this.db
      .updateTable('compose_uploads')
      .set({ used_at: now })
      .where('account', '=', account)
      .where('id', 'in', ids)
      .execute();
  }

  async remove(account: string, id: string): Promise<boolean> {
    const result = await this.db
      .deleteFrom('compose_uploads')
      .where('account', '=', account)
      .where('id', '=', id)
      .executeTakeFirst();
    return Number(result.numDeletedRows) > 0;
  }

  async removeForDraft(account: string, draftId: string): Promise<void> {
    await this.db
      .deleteFrom('compose_uploads')
      .where('account', '=', account)
      .where('draft_id', '=', draftId)
      .execute();
  }

  async pruneUnusedBefore(cutoff: number): Promise<number> {
    const result = await this.db
      .deleteFrom('compose_uploads')
      .where('used_at', '<', cutoff)
      .executeTakeFirst();
    return Number(result.numDeletedRows);
  }
}
