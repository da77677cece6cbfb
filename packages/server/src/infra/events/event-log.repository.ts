import type { Db } from '../db/database.js';

export interface LoggedEvent {
  id: number;
  account: string;
  sessionId: string | null;
  payload: string;
}

const toLogged = (r: { id: number; account: string; session_id: string | null; payload: string }) => ({
  id: Number(r.id),
  account: r.account,
  sessionId: r.session_id,
  payload: r.payload,
});

/** The event stream's replay log: append, read after an id, prune. */
export class EventLogRepository {
  constructor(private readonly db: Db) {}

  async append(row: { account: string; sessionId: string | null; payload: string; at: number }) {
    const inserted = await this.db
      .insertInto('event_log')
      .values({ account: row.account, session_id: row.sessionId, payload: row.payload, created_at: row.at })
      .returning('id')
      .executeTakeFirstOrThrow();
    return Number(inserted.id);
  }

  async byId(id: number): Promise<LoggedEvent | undefined> {
    const row = await this.db.selectFrom('event_log').selectAll().where('id', '=', id).executeTakeFirst();
    return row ? toLogged(row) : undefined;
  }

  /** The account's events after `afterId`, oldest first, at most `limit`. */
  async after(account: string, afterId: number, limit: number): Promise<LoggedEvent[]> {
    const rows = await this.db
      .selectFrom('event_log')
      .selectAll()
      .where('account', '=', account)
      .where('id', '>', afterId)
      .orderBy('id')
      .limit(limit)
      .execute();
    return rows.map(toLogged);
  }

  /** The oldest id still kept (any account), or null when the log is empty. */
  async oldestId(): Promise<number | null> {
    const row = await this.db
      .selectFrom('event_log')
      .select((eb) => eb.fn.min('id').as('id'))
      .executeTakeFirst();
    return row?.id == null ? null : Number(row.id);
  }

  /** The newest id (any account), or 0. */
  async newestId(): Promise<number> {
    const row = await this.db
      .selectFrom('event_log')
      .select((eb) => eb.fn.max('id').as('id'))
      .executeTakeFirst();
    return row?.id == null ? 0 : Number(row.id);
  }

  /** Drops events older than `at`, but always keeps the newest (its id tells a reconnect what was pruned). */
  async pruneBefore(at: number): Promise<void> {
    const newest = await this.newestId();
    await this.db.deleteFrom('event_log').where('created_at', '<', at).where('id', '<', newest).execute();
  }
}
