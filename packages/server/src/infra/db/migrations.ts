import type { Kysely, Migration, MigrationProvider } from 'kysely';

/**
 * Migrations are code, not files, so the compiled server carries them. The same list runs on SQLite and
 * PostgreSQL: only types both understand (text, integer, bigint) are used.
 *
 * These are the first five, from before each feature kept its own migrations next to its tables
 * (`features/<f>/<f>.migrations.ts`, numbered in one sequence); the composition root merges them all.
 */
export const baseMigrations: Record<string, Migration> = {
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
  /**
   * Folder settings the webmail keeps, not IMAP (order and `hidden`; retention for the retention job).
   * `hidden` is an integer 0/1: SQLite has no boolean type.
   */
  '0003_folder_settings': {
    async up(db: Kysely<unknown>) {
      await db.schema.alterTable('mailboxes').addColumn('retention_ms', 'bigint').execute();
      await db.schema
        .alterTable('mailboxes')
        .addColumn('hidden', 'integer', (c) => c.notNull().defaultTo(0))
        .execute();
      await db.schema.alterTable('mailboxes').addColumn('sort_order', 'integer').execute();
      await db.schema.createIndex('mailboxes_retention').on('mailboxes').column('retention_ms').execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropIndex('mailboxes_retention').execute();
      await db.schema.alterTable('mailboxes').dropColumn('sort_order').execute();
      await db.schema.alterTable('mailboxes').dropColumn('hidden').execute();
      await db.schema.alterTable('mailboxes').dropColumn('retention_ms').execute();
    },
  },
  /**
   * Preferences shown in user details (view_mode, meta.*, timezone), one JSON document per account: they
   * are read and written together and grow as settings pages are added, without a migration per field.
   */
  '0004_user_settings': {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('user_settings')
        .addColumn('account', 'text', (c) => c.primaryKey())
        .addColumn('settings', 'text', (c) => c.notNull())
        .addColumn('updated_at', 'bigint', (c) => c.notNull())
        .execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('user_settings').execute();
    },
  },
  /**
   * External-content settings (page settings/security/content): the mode per account and the senders whose
   * mail always shows remote content. Addresses are stored lower-cased, unique per account.
   */
  '0005_external_content': {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('external_content')
        .addColumn('account', 'text', (c) => c.primaryKey())
        .addColumn('mode', 'text', (c) => c.notNull())
        .addColumn('updated_at', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema
        .createTable('external_content_senders')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('account', 'text', (c) => c.notNull())
        .addColumn('address', 'text', (c) => c.notNull())
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addUniqueConstraint('external_content_senders_address', ['account', 'address'])
        .execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('external_content_senders').execute();
      await db.schema.dropTable('external_content').execute();
    },
  },
};

/** Every migration, run in the order of their names. */
export function migrationProvider(migrations: Record<string, Migration>): MigrationProvider {
  return { getMigrations: async () => migrations };
}
