import type { Db } from '../../infra/db/database.js';
import { randomToken } from '../../infra/crypto.js';

/** A folder's stable id and the settings the webmail keeps for it. */
export interface MailboxRecord {
  id: string;
  path: string;
  retentionMs: number | null;
  hidden: boolean;
  sortOrder: number | null;
}

const columns = ['id', 'path', 'retention_ms', 'hidden', 'sort_order'] as const;
type Row = {
  id: string;
  path: string;
  retention_ms: number | null;
  hidden: number;
  sort_order: number | null;
};
const toRecord = (r: Row): MailboxRecord => ({
  id: r.id,
  path: r.path,
  retentionMs: r.retention_ms === null ? null : Number(r.retention_ms),
  hidden: Number(r.hidden) === 1,
  sortOrder: r.sort_order,
});

/** Opaque, stable folder ids per account (Dovecot 2.3 offers no IMAP MAILBOXID), and folder settings. */
export class MailboxIdsRepository {
  constructor(private readonly db: Db) {}

  /** Returns path → record for every path, creating ids for paths seen for the first time. */
  async idsFor(account: string, paths: string[]): Promise<Map<string, MailboxRecord>> {
    const existing = await this.rows(account);
    const missing = paths.filter((p) => !existing.has(p));
    if (missing.length > 0) {
      const now = Date.now();
      await this.db
        .insertInto('mailboxes')
        .values(missing.map((path) => ({ id: randomToken(9), account, path, created_at: now })))
        // Two requests may discover the same new folder at once; the first id wins.
        .onConflict((oc) => oc.columns(['account', 'path']).doNothing())
        .execute();
      return this.rows(account);
    }
    return existing;
  }

  async find(account: string, id: string): Promise<MailboxRecord | undefined> {
    const row = await this.db
      .selectFrom('mailboxes')
      .select(columns)
      .where('account', '=', account)
      .where('id', '=', id)
      .executeTakeFirst();
    return row ? toRecord(row) : undefined;
  }

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

  /**
   * After an IMAP RENAME of `from` to `to`: the folder and every descendant keep their ids under the new
   * paths. Rows left at the new paths (a folder deleted outside the webmail) are dropped first, or the
   * unique (account, path) constraint would refuse the move.
   */
  async movePaths(account: string, from: string, to: string, delimiter: string): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      const all = await trx
        .selectFrom('mailboxes')
        .select(['id', 'path'])
        .where('account', '=', account)
        .execute();
      const under = (path: string, root: string) => path === root || path.startsWith(root + delimiter);
      const moving = all.filter((r) => under(r.path, from));
      const newPaths = new Set(moving.map((r) => to + r.path.slice(from.length)));
      const stale = all.filter((r) => newPaths.has(r.path) && !under(r.path, from)).map((r) => r.id);
      if (stale.length) await trx.deleteFrom('mailboxes').where('id', 'in', stale).execute();
      // Two passes through temporary paths so that swapping names inside the moved subtree cannot collide.
      for (const r of moving) {
        await trx
          .updateTable('mailboxes')
          .set({ path: `\u0001moving:${r.id}` })
          .where('id', '=', r.id)
          .execute();
      }
      for (const r of moving) {
        await trx
          .updateTable('mailboxes')
          .set({ path: to + r.path.slice(from.length) })
          .where('id', '=', r.id)
          .execute();
      }
    });
  }

  /** Forgets a deleted folder and its descendants (ids and settings). */
  async removeTree(account: string, path: string, delimiter: string): Promise<void> {
    const all = await this.rows(account);
    const ids = [...all.values()]
      .filter((r) => r.path === path || r.path.startsWith(path + delimiter))
      .map((r) => r.id);
    if (ids.length)
      await this.db.deleteFrom('mailboxes').where('account', '=', account).where('id', 'in', ids).execute();
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

  /** The folders of an account that have a retention (for the retention job). */
  async withRetention(account: string): Promise<MailboxRecord[]> {
    const rows = await this.db
      .selectFrom('mailboxes')
      .select(columns)
      .where('account', '=', account)
      .where('retention_ms', 'is not', null)
      .execute();
    return rows.map(toRecord);
  }

  async rows(account: string): Promise<Map<string, MailboxRecord>> {
    const rows = await this.db
      .selectFrom('mailboxes')
      .select(columns)
      .where('account', '=', account)
      .execute();
    return new Map(rows.map((r) => [r.path, toRecord(r)]));
  }
}
