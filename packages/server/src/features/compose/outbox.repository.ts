import type { Insertable, Selectable, Updateable } from 'kysely';
import type { Db } from '../../infra/db/database.js';
import type { ComposeOutboxTable } from './compose.tables.js';

export type OutboxRow = Selectable<ComposeOutboxTable>;
export type OutboxChange = Updateable<ComposeOutboxTable>;

/**
 * The outbox. Every state change is a conditional UPDATE on the expected status, so two requests or two
 * server processes can never both claim, cancel or re-open one entry.
 */
export class OutboxRepository {
  constructor(private readonly db: Db) {}

  /** false when the draft already has an entry (the unique key account + draft_id). */
  async insert(row: Insertable<ComposeOutboxTable>): Promise<boolean> {
    const result = await this.db
      .insertInto('compose_outbox')
      .values(row)
      .onConflict((oc) => oc.columns(['account', 'draft_id']).doNothing())
      .executeTakeFirst();
    return Number(result.numInsertedOrUpdatedRows ?? 0) === 1;
  }

  async find(account: string, id: string): Promise<OutboxRow | undefined> {
    return this.db
      .selectFrom('compose_outbox')
      .selectAll()
      .where('account', '=', account)
      .where('id', '=', id)
      .executeTakeFirst();
  }

  async findById(id: string): Promise<OutboxRow | undefined> {
    return this.db.selectFrom('compose_outbox').selectAll().where('id', '=', id).executeTakeFirst();
  }

  async findByDraft(account: string, draftId: string): Promise<OutboxRow | undefined> {
    return this.db
      .selectFrom('compose_outbox')
      .selectAll()
      .where('account', '=', account)
      .where('draft_id', '=', draftId)
      .executeTakeFirst();
  }

  /** Entries still in flight, failed, or finished since `since` (newest first). */
  async listRecent(account: string, since: number): Promise<OutboxRow[]> {
    return this.db
      .selectFrom('compose_outbox')
      .selectAll()
      .where('account', '=', account)
      .where((eb) =>
        eb.or([eb('status', 'in', ['queued', 'sending', 'failed']), eb('updated_at', '>=', since)]),
      )
      .orderBy('created_at', 'desc')
      .limit(100)
      .execute();
  }

  /** Applies `change` only while the entry is in one of `from`; returns whether it was. */
  async transition(id: string, from: string[], change: OutboxChange): Promise<boolean> {
    const result = await this.db
      .updateTable('compose_outbox')
      .set(change)
      .where('id', '=', id)
      .where('status', 'in', from)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }

  /** Scheduled entries still waiting (or being sent right now), soonest first. */
  async listScheduled(account: string, limit: number): Promise<OutboxRow[]> {
    return this.db
      .selectFrom('compose_outbox')
      .selectAll()
      .where('account', '=', account)
      .where('scheduled', '=', 1)
      .where('status', 'in', ['queued', 'sending'])
      .orderBy('due_at')
      .limit(limit)
      .execute();
  }

  async countScheduled(account: string): Promise<number> {
    const row = await this.db
      .selectFrom('compose_outbox')
      .select((eb) => eb.fn.countAll<string | number>().as('n'))
      .where('account', '=', account)
      .where('scheduled', '=', 1)
      .where('status', 'in', ['queued', 'sending'])
      .executeTakeFirst();
    return Number(row?.n ?? 0);
  }

  /** Moves a scheduled entry that still waits; false when it left, was cancelled or is no scheduled one. */
  async moveScheduled(account: string, id: string, dueAt: number, now: number): Promise<boolean> {
    const result = await this.db
      .updateTable('compose_outbox')
      .set({ due_at: dueAt, updated_at: now })
      .where('account', '=', account)
      .where('id', '=', id)
      .where('status', '=', 'queued')
      .where('scheduled', '=', 1)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }

  async update(id: string, change: OutboxChange): Promise<void> {
    await this.db.updateTable('compose_outbox').set(change).where('id', '=', id).execute();
  }

  async dueIds(now: number, limit: number): Promise<string[]> {
    const rows = await this.db
      .selectFrom('compose_outbox')
      .select('id')
      .where('status', '=', 'queued')
      .where('due_at', '<=', now)
      .orderBy('due_at')
      .limit(limit)
      .execute();
    return rows.map((r) => r.id);
  }

  /** Sends not yet handed over (waiting out their undo time, due, or being sent) and the oldest one's creation. */
  async queueStats(): Promise<{ depth: number; oldestCreatedAt: number | null }> {
    const row = await this.db
      .selectFrom('compose_outbox')
      .select((eb) => [eb.fn.countAll<number | string>().as('depth'), eb.fn.min('created_at').as('oldest')])
      .where('status', 'in', ['queued', 'sending'])
      .executeTakeFirst();
    const oldest = row?.oldest;
    return { depth: Number(row?.depth ?? 0), oldestCreatedAt: oldest == null ? null : Number(oldest) };
  }

  /** Deliveries whose claim ran out: the process that held it stopped mid-send. */
  async staleSending(now: number): Promise<OutboxRow[]> {
    return this.db
      .selectFrom('compose_outbox')
      .selectAll()
      .where('status', '=', 'sending')
      .where('locked_until', '<', now)
      .execute();
  }

  /** Sent entries whose Sent copy or draft removal is still to do and due again. */
  async pendingFollowUps(now: number, limit: number): Promise<OutboxRow[]> {
    return this.db
      .selectFrom('compose_outbox')
      .selectAll()
      .where('status', '=', 'sent')
      .where('post_pending', '>', 0)
      .where('due_at', '<=', now)
      .limit(limit)
      .execute();
  }

  /** Takes a due follow-up for `until` (pushing its due time), unless another tick or process did. */
  async claimFollowUp(id: string, now: number, until: number): Promise<boolean> {
    const result = await this.db
      .updateTable('compose_outbox')
      .set({ due_at: until })
      .where('id', '=', id)
      .where('status', '=', 'sent')
      .where('post_pending', '>', 0)
      .where('due_at', '<=', now)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }

  /** Finished entries older than `cutoff` are forgotten. */
  async pruneFinishedBefore(cutoff: number): Promise<void> {
    await this.db
      .deleteFrom('compose_outbox')
      .where('status', 'in', ['sent', 'failed', 'cancelled'])
      .where('post_pending', '=', 0)
      .where('updated_at', '<', cutoff)
      .execute();
  }
}
