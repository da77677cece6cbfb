import { PostgresAdapter, sql, type Kysely, type Migration } from 'kysely';

/**
 * Migration 0013_outgoing_addresses: outgoing addresses with their pending verification, the log of verification
 * mails (the hourly limit), and the account's own avatar (bytes in the database, so every node serves it).
 */
export const outgoingAddressesMigrations: Record<string, Migration> = {
  '0013_outgoing_addresses': {
    async up(db: Kysely<unknown>) {
      const bytes = db.getExecutor().adapter instanceof PostgresAdapter ? sql`bytea` : sql`blob`;
      await db.schema
        .createTable('outgoing_addresses')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('account', 'text', (c) => c.notNull())
        .addColumn('address', 'text', (c) => c.notNull())
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('verified', 'integer', (c) => c.notNull())
        .addColumn('code_hash', 'text')
        .addColumn('token_hash', 'text')
        .addColumn('code_expires_at', 'bigint')
        .addColumn('code_attempts', 'integer', (c) => c.notNull())
        .addColumn('code_sent_at', 'bigint')
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('updated_at', 'bigint', (c) => c.notNull())
        .addUniqueConstraint('outgoing_addresses_account_address', ['account', 'address'])
        .execute();
      await db.schema
        .createIndex('outgoing_addresses_token')
        .on('outgoing_addresses')
        .column('token_hash')
        .execute();
      await db.schema
        .createTable('outgoing_address_mails')
        .addColumn('account', 'text', (c) => c.notNull())
        .addColumn('sent_at', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('outgoing_address_mails_account')
        .on('outgoing_address_mails')
        .columns(['account', 'sent_at'])
        .execute();
      await db.schema
        .createTable('account_avatars')
        .addColumn('account', 'text', (c) => c.primaryKey())
        .addColumn('content_type', 'text', (c) => c.notNull())
        .addColumn('data', bytes, (c) => c.notNull())
        .addColumn('etag', 'text', (c) => c.notNull())
        .addColumn('width', 'integer', (c) => c.notNull())
        .addColumn('height', 'integer', (c) => c.notNull())
        .addColumn('updated_at', 'bigint', (c) => c.notNull())
        .execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('account_avatars').execute();
      await db.schema.dropTable('outgoing_address_mails').execute();
      await db.schema.dropTable('outgoing_addresses').execute();
    },
  },
};
