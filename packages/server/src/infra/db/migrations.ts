import type { Kysely, Migration, MigrationProvider } from 'kysely';

/**
 * Migrations are code, not files, so the compiled server carries them. The same list runs on SQLite and
 * PostgreSQL: only types both understand (text, integer, bigint) are used.
 */
const migrations: Record<string, Migration> = {
  '0001_sessions_and_mailboxes': {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('users')
        .addColumn('email', 'text', (c) => c.primaryKey())
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema
        .createTable('sessions')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('device_id', 'text', (c) => c.notNull())
        .addColumn('user_index', 'integer', (c) => c.notNull())
        .addColumn('email', 'text', (c) => c.notNull())
        .addColumn('password_sealed', 'text', (c) => c.notNull())
        .addColumn('refresh_hash', 'text', (c) => c.notNull())
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('last_used_at', 'bigint', (c) => c.notNull())
        .addColumn('expires_at', 'bigint', (c) => c.notNull())
        .addColumn('revoked_at', 'bigint')
        .execute();
      await db.schema
        .createIndex('sessions_device')
        .on('sessions')
        .columns(['device_id', 'user_index'])
        .execute();
      await db.schema.createIndex('sessions_refresh').on('sessions').column('refresh_hash').execute();
      await db.schema
        .createTable('mailboxes')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('account', 'text', (c) => c.notNull())
        .addColumn('path', 'text', (c) => c.notNull())
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addUniqueConstraint('mailboxes_account_path', ['account', 'path'])
        .execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('mailboxes').execute();
      await db.schema.dropTable('sessions').execute();
      await db.schema.dropTable('users').execute();
    },
  },
};

export const migrationProvider: MigrationProvider = {
  getMigrations: async () => migrations,
};
