import { PostgresAdapter, type Kysely, type Migration } from 'kysely';

export const eventLogMigrations: Record<string, Migration> = {
  /** The replay log of the event stream (event-log.tables.ts). */
  '0007_event_log': {
    async up(db: Kysely<unknown>) {
      const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
      await db.schema
        .createTable('event_log')
        .addColumn('id', postgres ? 'bigint' : 'integer', (c) =>
          postgres ? c.primaryKey().generatedAlwaysAsIdentity() : c.primaryKey().autoIncrement(),
        )
        .addColumn('account', 'text', (c) => c.notNull())
        .addColumn('session_id', 'text')
        .addColumn('payload', 'text', (c) => c.notNull())
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('event_log_account').on('event_log').columns(['account', 'id']).execute();
      await db.schema.createIndex('event_log_created').on('event_log').column('created_at').execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('event_log').execute();
    },
  },
};
