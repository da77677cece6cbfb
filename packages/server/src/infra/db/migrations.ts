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
  '0002_device_accounts_and_security_events': {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('device_accounts')
        .addColumn('device_id', 'text', (c) => c.notNull())
        .addColumn('user_index', 'integer', (c) => c.notNull())
        .addColumn('email', 'text', (c) => c.notNull())
        .addColumn('session_id', 'text')
        .addColumn('added_at', 'bigint', (c) => c.notNull())
        .addPrimaryKeyConstraint('device_accounts_pk', ['device_id', 'user_index'])
        .addUniqueConstraint('device_accounts_email', ['device_id', 'email'])
        .execute();
      await db.schema
        .createTable('security_events')
        .addColumn('account', 'text', (c) => c.notNull())
        .addColumn('type', 'text', (c) => c.notNull())
        .addColumn('ip', 'text', (c) => c.notNull())
        .addColumn('user_agent', 'text', (c) => c.notNull())
        .addColumn('protocol', 'text', (c) => c.notNull())
        .addColumn('bucket_start', 'bigint', (c) => c.notNull())
        .addColumn('first_at', 'bigint', (c) => c.notNull())
        .addColumn('last_at', 'bigint', (c) => c.notNull())
        .addColumn('count', 'integer', (c) => c.notNull())
        .addPrimaryKeyConstraint('security_events_pk', [
          'account',
          'type',
          'ip',
          'user_agent',
          'protocol',
          'bucket_start',
        ])
        .execute();
      await db.schema
        .createIndex('security_events_recent')
        .on('security_events')
        .columns(['account', 'last_at'])
        .execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('security_events').execute();
      await db.schema.dropTable('device_accounts').execute();
    },
  },
};

export const migrationProvider: MigrationProvider = {
  getMigrations: async () => migrations,
};
