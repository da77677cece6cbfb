import type { Kysely, Migration } from 'kysely';

/**
 * Migration 0011_settings: the tables of the settings area — the configuration store (`/config`, one JSON
 * document per account) and the signatures (settings/signatures; their feature declares and reads the table).
 */
export const settingsMigrations: Record<string, Migration> = {
  '0011_settings': {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('user_config')
        .addColumn('account', 'text', (c) => c.primaryKey())
        .addColumn('config', 'text', (c) => c.notNull())
        .addColumn('updated_at', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema
        .createTable('signatures')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('account', 'text', (c) => c.notNull())
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('html', 'text', (c) => c.notNull())
        .addColumn('is_default', 'integer', (c) => c.notNull())
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('updated_at', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('signatures_account').on('signatures').column('account').execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('signatures').execute();
      await db.schema.dropTable('user_config').execute();
    },
  },
};
