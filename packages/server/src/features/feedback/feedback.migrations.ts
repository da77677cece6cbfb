import type { Kysely, Migration } from 'kysely';

/** Migration 0019_feedback: the feedback users send (`feedback.tables.ts`). */
export const feedbackMigrations: Record<string, Migration> = {
  '0019_feedback': {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('feedback')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('account', 'text', (c) => c.notNull())
        .addColumn('stars', 'integer', (c) => c.notNull())
        .addColumn('feedback', 'text', (c) => c.notNull())
        .addColumn('user_agent', 'text', (c) => c.notNull())
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('mailed_at', 'bigint')
        .execute();
      await db.schema
        .createIndex('feedback_account_created')
        .on('feedback')
        .columns(['account', 'created_at'])
        .execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('feedback').execute();
    },
  },
};
