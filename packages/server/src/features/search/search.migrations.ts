import type { Kysely, Migration } from 'kysely';

export const searchMigrations: Record<string, Migration> = {
  /** Recent and saved searches (search.tables.ts). */
  '0010_search': {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('search_recent')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('account', 'text', (c) => c.notNull())
        .addColumn('query', 'text', (c) => c.notNull())
        .addColumn('hits', 'text', (c) => c.notNull())
        .addColumn('used_at', 'bigint', (c) => c.notNull())
        .addUniqueConstraint('search_recent_query', ['account', 'query'])
        .execute();
      await db.schema
        .createIndex('search_recent_account')
        .on('search_recent')
        .columns(['account', 'used_at'])
        .execute();
      await db.schema
        .createTable('search_saved')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('account', 'text', (c) => c.notNull())
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('query', 'text', (c) => c.notNull())
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('search_saved_account')
        .on('search_saved')
        .columns(['account', 'created_at'])
        .execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('search_saved').execute();
      await db.schema.dropTable('search_recent').execute();
    },
  },
};
