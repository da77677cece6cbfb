import type { Db } from '../../infra/db/database.js';
import { folderRecordColumns, toFolderRecord, type FolderRecord } from '../../mail/folder-ids.repository.js';

/** The settings the webmail keeps per folder (retention, hidden, the user's order), in the folder id map's rows. */
export class FolderSettingsRepository {
  constructor(private readonly db: Db) {}

  async updateSettings(
    account: string,
    id: string,
    settings: { retentionMs?: number | null; hidden?: boolean },
  ): Promise<void> {
    const values = {
      ...(settings.retentionMs !== undefined ? { retention_ms: settings.retentionMs } : {}),
      ...(settings.hidden !== undefined ? { hidden: settings.hidden ? 1 : 0 } : {}),
    };
    if (Object.keys(values).length === 0) return;
    await this.db
      .updateTable('mailboxes')
      .set(values)
      .where('account', '=', account)
      .where('id', '=', id)
      .execute();
  }

  /** Stores the user's folder order: position in `ids`; every other folder of the account loses its place. */
  async setOrder(account: string, ids: string[]): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      await trx.updateTable('mailboxes').set({ sort_order: null }).where('account', '=', account).execute();
      for (const [index, id] of ids.entries()) {
        await trx
          .updateTable('mailboxes')
          .set({ sort_order: index })
          .where('account', '=', account)
          .where('id', '=', id)
          .execute();
      }
    });
  }

  /** Every account with a retention on any folder (the retention job for absent owners). */
  async accountsWithRetention(): Promise<string[]> {
    const rows = await this.db
      .selectFrom('mailboxes')
      .select('account')
      .distinct()
      .where('retention_ms', 'is not', null)
      .orderBy('account')
      .execute();
    return rows.map((r) => r.account);
  }

  /** The folders of an account that have a retention (for the retention job). */
  async withRetention(account: string): Promise<FolderRecord[]> {
    const rows = await this.db
      .selectFrom('mailboxes')
      .select(folderRecordColumns)
      .where('account', '=', account)
      .where('retention_ms', 'is not', null)
      .execute();
    return rows.map(toFolderRecord);
  }
}
