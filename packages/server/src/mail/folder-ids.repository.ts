import { SpecialUse } from '@webmail/contracts';
import type { Db } from '../infra/db/database.js';
import { randomToken } from '../infra/crypto.js';

/** A folder's stable id, its path on the mail server, and the settings the webmail keeps for it. */
export interface FolderRecord {
  id: string;
  path: string;
  retentionMs: number | null;
  hidden: boolean;
  sortOrder: number | null;
  /** A role the webmail gave the folder itself, where IMAP has no SPECIAL-USE attribute for it (`snoozed`). */
  specialUse?: SpecialUse | null;
}

export const folderRecordColumns = [
  'id',
  'path',
  'retention_ms',
  'hidden',
  'sort_order',
  'special_use',
] as const;
type Row = {
  id: string;
  path: string;
  retention_ms: number | null;
  hidden: number;
  sort_order: number | null;
  special_use: string | null;
};
export const toFolderRecord = (r: Row): FolderRecord => ({
  id: r.id,
  path: r.path,
  retentionMs: r.retention_ms === null ? null : Number(r.retention_ms),
  hidden: Number(r.hidden) === 1,
  sortOrder: r.sort_order,
  specialUse: SpecialUse.safeParse(r.special_use).data ?? null,
});

/**
 * Opaque, stable folder ids per account: the API names folders by id (`mailboxId`), never by path, so a rename
 * keeps links, caches and settings. Dovecot 2.3 offers no IMAP MAILBOXID (RFC 8474), so the ids are mapped to
 * paths here; where a server has MAILBOXID this map is where it would be used. Part of the mail layer because
 * every request that opens a folder goes through it (`MailSession.inFolder`). The folder settings in the same
 * row are written by the mailboxes feature (`folder-settings.repository.ts`).
 */
export class FolderIdsRepository {
  constructor(private readonly db: Db) {}

  /** Returns path → record for every path, creating ids for paths seen for the first time. */
  async idsFor(account: string, paths: string[]): Promise<Map<string, FolderRecord>> {
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

  async find(account: string, id: string): Promise<FolderRecord | undefined> {
    const row = await this.db
      .selectFrom('mailboxes')
      .select(folderRecordColumns)
      .where('account', '=', account)
      .where('id', '=', id)
      .executeTakeFirst();
    return row ? toFolderRecord(row) : undefined;
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

  /**
   * Gives `path` the role `use` (and takes it from any other folder of the account): for roles IMAP cannot
   * store, such as the snoozed folder the webmail creates (Dovecot 2.3 has no CREATE-SPECIAL-USE).
   */
  async markSpecialUse(account: string, path: string, use: SpecialUse): Promise<FolderRecord> {
    await this.idsFor(account, [path]);
    await this.db.transaction().execute(async (trx) => {
      await trx
        .updateTable('mailboxes')
        .set({ special_use: null })
        .where('account', '=', account)
        .where('special_use', '=', use)
        .execute();
      await trx
        .updateTable('mailboxes')
        .set({ special_use: use })
        .where('account', '=', account)
        .where('path', '=', path)
        .execute();
    });
    const record = (await this.rows(account)).get(path);
    if (!record) throw new Error(`Folder ${path} has no id`);
    return record;
  }

  /** The folder the webmail gave the role `use`, if any. */
  async withSpecialUse(account: string, use: SpecialUse): Promise<FolderRecord | undefined> {
    const row = await this.db
      .selectFrom('mailboxes')
      .select(folderRecordColumns)
      .where('account', '=', account)
      .where('special_use', '=', use)
      .executeTakeFirst();
    return row ? toFolderRecord(row) : undefined;
  }

  async rows(account: string): Promise<Map<string, FolderRecord>> {
    const rows = await this.db
      .selectFrom('mailboxes')
      .select(folderRecordColumns)
      .where('account', '=', account)
      .execute();
    return new Map(rows.map((r) => [r.path, toFolderRecord(r)]));
  }
}
