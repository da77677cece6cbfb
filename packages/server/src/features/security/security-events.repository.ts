import type { Selectable } from 'kysely';
import type { Db } from '../../infra/db/database.js';
import type { SecurityEventsTable } from './security.tables.js';

export type SecurityEventKey = Pick<
  SecurityEventsTable,
  'account' | 'type' | 'ip' | 'user_agent' | 'protocol'
>;
export type SecurityEventRow = Selectable<SecurityEventsTable>;

export class SecurityEventsRepository {
  constructor(private readonly db: Db) {}

  /** Adds one occurrence to the event's bucket, creating the bucket on its first event. */
  async add(key: SecurityEventKey, bucketStart: number, now: number): Promise<void> {
    await this.db
      .insertInto('security_events')
      .values({ ...key, bucket_start: bucketStart, first_at: now, last_at: now, count: 1 })
      .onConflict((oc) =>
        oc
          .columns(['account', 'type', 'ip', 'user_agent', 'protocol', 'bucket_start'])
          .doUpdateSet((eb) => ({ count: eb('security_events.count', '+', 1), last_at: now })),
      )
      .execute();
  }

  /** One page of the account's log, newest first. */
  async page(account: string, offset: number, limit: number): Promise<SecurityEventRow[]> {
    return this.db
      .selectFrom('security_events')
      .selectAll()
      .where('account', '=', account)
      .orderBy('last_at', 'desc')
      .orderBy('type')
      .offset(offset)
      .limit(limit)
      .execute();
  }

  async count(account: string): Promise<number> {
    const row = await this.db
      .selectFrom('security_events')
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .where('account', '=', account)
      .executeTakeFirst();
    return Number(row?.n ?? 0);
  }

  async deleteOlderThan(cutoff: number): Promise<void> {
    await this.db.deleteFrom('security_events').where('last_at', '<', cutoff).execute();
  }
}
