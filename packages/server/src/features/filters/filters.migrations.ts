import type { Kysely, Migration } from 'kysely';

/** Migration 0012_filters: filters, and the per-account forwarding targets, spam level and auto-reply. */
export const filtersMigrations: Record<string, Migration> = {
  '0012_filters': {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('filters')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('account', 'text', (c) => c.notNull())
        .addColumn('position', 'integer', (c) => c.notNull())
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('disabled', 'integer', (c) => c.notNull())
        .addColumn('query', 'text', (c) => c.notNull())
        .addColumn('action', 'text', (c) => c.notNull())
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('updated_at', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('filters_account').on('filters').columns(['account', 'position']).execute();
      await db.schema
        .createTable('filter_settings')
        .addColumn('account', 'text', (c) => c.primaryKey())
        .addColumn('targets', 'text', (c) => c.notNull())
        .addColumn('spam_level', 'integer', (c) => c.notNull())
        .addColumn('autoreply', 'text')
        .addColumn('updated_at', 'bigint', (c) => c.notNull())
        .execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('filter_settings').execute();
      await db.schema.dropTable('filters').execute();
    },
  },
};
