import type { Db } from '../../infra/db/database.js';
import './woken.tables.js';

/** Messages woken back into a folder: where they now are (one method per query). */
export interface WokenMessage {
  account: string;
  mailboxId: string;
  uidValidity: string;
  uid: number;
}

export interface WokenRow extends WokenMessage {
  wokenAt: number;
}

export class WokenRepository {
  constructor(private readonly db: Db) {}

  /** Written by whoever moved them back (so under the snooze rows' claim: once per message). */
  async record(rows: WokenMessage[], at: number): Promise<void> {
    if (!rows.length) return;
    await this.db
      .insertInto('woken_messages')
      .values(
        rows.map((r) => ({
          account: r.account,
          mailbox_id: r.mailboxId,
          uid_validity: r.uidValidity,
          uid: r.uid,
          woken_at: at,
        })),
      )
      // The same UID again can only be the same message (UIDs are not reused under one UIDVALIDITY).
      .onConflict((oc) =>
        oc.columns(['account', 'mailbox_id', 'uid_validity', 'uid']).doUpdateSet({ woken_at: at }),
      )
      .execute();
  }

  /** The folder's woken messages since `since`, newest wake first. */
  async inFolder(account: string, mailboxId: string, since: number): Promise<WokenRow[]> {
    const rows = await this.db
      .selectFrom('woken_messages')
      .selectAll()
      .where('account', '=', account)
      .where('mailbox_id', '=', mailboxId)
      .where('woken_at', '>=', since)
      .orderBy('woken_at', 'desc')
      .execute();
    return rows.map((r) => ({
      account,
      mailboxId,
      uidValidity: r.uid_validity,
      uid: Number(r.uid),
      wokenAt: Number(r.woken_at),
    }));
  }

  /** These are no longer on top (read, gone from the folder, or under another UIDVALIDITY). */
  async remove(rows: WokenMessage[]): Promise<void> {
    for (const r of rows) {
      await this.db
        .deleteFrom('woken_messages')
        .where('account', '=', r.account)
        .where('mailbox_id', '=', r.mailboxId)
        .where('uid_validity', '=', r.uidValidity)
        .where('uid', '=', r.uid)
        .execute();
    }
  }

  /** Rows past the time limit. */
  async expire(before: number): Promise<void> {
    await this.db.deleteFrom('woken_messages').where('woken_at', '<', before).execute();
  }
}
