import type { Db } from '../../infra/db/database.js';
import type { SecurityEventsTable } from './security.tables.js';

export type SecurityEventKey = Pick<
  SecurityEventsTable,
  'account' | 'type' | 'ip' | 'user_agent' | 'protocol'
>;

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

  async listRecent(account: string, limit: number) {
    return this.db
      .selectFrom('security_events')
      .selectAll()
      .where('account', '=', account)
      .orderBy('last_at', 'desc')
      .limit(limit)
      .execute();
  }

  async deleteOlderThan(cutoff: number): Promise<void> {
    await this.db.deleteFrom('security_events').where('last_at', '<', cutoff).execute();
  }
}
