import type { Db } from '../../infra/db/database.js';
import { randomToken } from '../../infra/crypto.js';

/** Opaque, stable folder ids per account (Dovecot 2.3 offers no IMAP MAILBOXID). */
export class MailboxIdsRepository {
  constructor(private readonly db: Db) {}

  /** Returns path → id for every path, creating ids for paths seen for the first time. */
  async idsFor(account: string, paths: string[]): Promise<Map<string, string>> {
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

  async pathOf(account: string, id: string): Promise<string | undefined> {
    const row = await this.db
      .selectFrom('mailboxes')
      .select('path')
      .where('account', '=', account)
      .where('id', '=', id)
      .executeTakeFirst();
    return row?.path;
  }

  private async rows(account: string): Promise<Map<string, string>> {
    const rows = await this.db
      .selectFrom('mailboxes')
      .select(['id', 'path'])
      .where('account', '=', account)
      .execute();
    return new Map(rows.map((r) => [r.path, r.id]));
  }
}
