import type { Selectable } from 'kysely';
import type { Db } from '../../infra/db/database.js';
import type { SnoozedMessagesTable } from './snooze.tables.js';
import './snooze.tables.js';

/** A snoozed message as the service reads it (numbers as numbers: PostgreSQL answers bigint as text). */
export interface SnoozedRow {
  id: string;
  account: string;
  uid: number;
  uidValidity: string;
  messageId: string | null;
  subject: string;
  wakeAt: number;
  targetMailboxId: string;
}

const toRow = (r: Selectable<SnoozedMessagesTable>): SnoozedRow => ({
  id: r.id,
  account: r.account,
  uid: Number(r.uid),
  uidValidity: r.uid_validity,
  messageId: r.message_id,
  subject: r.subject,
  wakeAt: Number(r.wake_at),
  targetMailboxId: r.target_mailbox_id,
});

/** The snoozed messages (one method per query). */
export class SnoozeRepository {
  constructor(private readonly db: Db) {}

  async insert(rows: SnoozedRow[], now: number): Promise<void> {
    if (!rows.length) return;
    await this.db
      .insertInto('snoozed_messages')
      .values(
        rows.map((r) => ({
          id: r.id,
          account: r.account,
          uid: r.uid,
          uid_validity: r.uidValidity,
          message_id: r.messageId,
          subject: r.subject,
          wake_at: r.wakeAt,
          target_mailbox_id: r.targetMailboxId,
          created_at: now,
        })),
      )
      .execute();
  }

  async list(account: string): Promise<SnoozedRow[]> {
    const rows = await this.db
      .selectFrom('snoozed_messages')
      .selectAll()
      .where('account', '=', account)
      .orderBy('wake_at')
      .orderBy('id')
      .execute();
    return rows.map(toRow);
  }

  async find(account: string, id: string): Promise<SnoozedRow | undefined> {
    const row = await this.db
      .selectFrom('snoozed_messages')
      .selectAll()
      .where('account', '=', account)
      .where('id', '=', id)
      .executeTakeFirst();
    return row ? toRow(row) : undefined;
  }

  /** A new time (a claim of an earlier time is dropped: the row is not due any more). */
  async reschedule(account: string, id: string, wakeAt: number): Promise<boolean> {
    const result = await this.db
      .updateTable('snoozed_messages')
      .set({ wake_at: wakeAt, claimed_at: null, claimed_by: null })
      .where('account', '=', account)
      .where('id', '=', id)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  }

  /** Accounts with a message due at `now`, unclaimed or with a claim older than `staleBefore`. */
  async accountsDue(now: number, staleBefore: number): Promise<string[]> {
    const rows = await this.db
      .selectFrom('snoozed_messages')
      .select('account')
      .distinct()
      .where('wake_at', '<=', now)
      .where((eb) => eb.or([eb('claimed_at', 'is', null), eb('claimed_at', '<', staleBefore)]))
      .execute();
    return rows.map((r) => r.account);
  }

  /**
   * Claims the account's due rows (or the chosen ones) for `claimant` with one conditional update, then reads
   * what it got: of several processes each row goes to exactly one. A claim older than `staleBefore` (its
   * process died) may be taken over.
   */
  async claimDue(
    account: string,
    now: number,
    staleBefore: number,
    claimant: string,
    ids?: string[],
  ): Promise<SnoozedRow[]> {
    let update = this.db
      .updateTable('snoozed_messages')
      .set({ claimed_at: now, claimed_by: claimant })
      .where('account', '=', account)
      .where((eb) => eb.or([eb('claimed_at', 'is', null), eb('claimed_at', '<', staleBefore)]));
    update = ids ? update.where('id', 'in', ids) : update.where('wake_at', '<=', now);
    await update.execute();
    const rows = await this.db
      .selectFrom('snoozed_messages')
      .selectAll()
      .where('account', '=', account)
      .where('claimed_by', '=', claimant)
      .execute();
    return rows.map(toRow);
  }

  async remove(ids: string[]): Promise<void> {
    if (ids.length) await this.db.deleteFrom('snoozed_messages').where('id', 'in', ids).execute();
  }

  /** Gives claimed rows back (the wake failed; the next pass tries again). */
  async release(ids: string[]): Promise<void> {
    if (!ids.length) return;
    await this.db
      .updateTable('snoozed_messages')
      .set({ claimed_at: null, claimed_by: null })
      .where('id', 'in', ids)
      .execute();
  }
}
