import type { Kysely, Migration } from 'kysely';
import { bytesType, runSteps, type MigrationStep } from '../../infra/db/migration-steps.js';

/** The tables of migration 0006_compose, one step each with its indexes. */
const composeTables: MigrationStep[] = [
  async (db) => {
    await db.schema
      .createTable('compose_uploads')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('account', 'text', (c) => c.notNull())
      .addColumn('draft_id', 'text')
      .addColumn('filename', 'text', (c) => c.notNull())
      .addColumn('content_type', 'text', (c) => c.notNull())
      .addColumn('size', 'bigint', (c) => c.notNull())
      .addColumn('inline', 'integer', (c) => c.notNull())
      .addColumn('content_id', 'text')
      .addColumn('sha256', 'text', (c) => c.notNull())
      .addColumn('data', bytesType(db), (c) => c.notNull())
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .addColumn('used_at', 'bigint', (c) => c.notNull())
      .execute();
    await db.schema
      .createIndex('compose_uploads_draft')
      .on('compose_uploads')
      .columns(['account', 'draft_id'])
      .execute();
    await db.schema.createIndex('compose_uploads_used').on('compose_uploads').column('used_at').execute();
  },
  async (db) => {
    await db.schema
      .createTable('compose_drafts')
      .addColumn('account', 'text', (c) => c.notNull())
      .addColumn('draft_id', 'text', (c) => c.notNull())
      .addColumn('content_hash', 'text')
      .addColumn('revision', 'bigint')
      .addColumn('mailbox_path', 'text')
      .addColumn('uid', 'bigint')
      .addColumn('saved_at', 'bigint')
      .addColumn('updated_at', 'bigint', (c) => c.notNull())
      .addPrimaryKeyConstraint('compose_drafts_pk', ['account', 'draft_id'])
      .execute();
  },
  async (db) => {
    await db.schema
      .createTable('compose_outbox')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('account', 'text', (c) => c.notNull())
      .addColumn('session_id', 'text', (c) => c.notNull())
      .addColumn('draft_id', 'text', (c) => c.notNull())
      .addColumn('message_id', 'text', (c) => c.notNull())
      .addColumn('subject', 'text', (c) => c.notNull())
      .addColumn('status', 'text', (c) => c.notNull())
      .addColumn('due_at', 'bigint', (c) => c.notNull())
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .addColumn('updated_at', 'bigint', (c) => c.notNull())
      .addColumn('sent_at', 'bigint')
      .addColumn('attempts', 'integer', (c) => c.notNull())
      .addColumn('locked_until', 'bigint')
      .addColumn('envelope', 'text', (c) => c.notNull())
      .addColumn('raw', bytesType(db))
      .addColumn('credentials_sealed', 'text')
      .addColumn('failure', 'text')
      .addColumn('rejected', 'text', (c) => c.notNull())
      .addColumn('post_pending', 'integer', (c) => c.notNull())
      .addColumn('post_attempts', 'integer', (c) => c.notNull())
      .addUniqueConstraint('compose_outbox_draft', ['account', 'draft_id'])
      .execute();
    await db.schema
      .createIndex('compose_outbox_due')
      .on('compose_outbox')
      .columns(['status', 'due_at'])
      .execute();
  },
  async (db) => {
    await db.schema
      .createTable('compose_recent_parties')
      .addColumn('account', 'text', (c) => c.notNull())
      .addColumn('address', 'text', (c) => c.notNull())
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('search_text', 'text', (c) => c.notNull())
      .addColumn('score', 'real', (c) => c.notNull())
      .addColumn('score_at', 'bigint', (c) => c.notNull())
      .addColumn('count', 'integer', (c) => c.notNull())
      .addPrimaryKeyConstraint('compose_recent_parties_pk', ['account', 'address'])
      .execute();
  },
  async (db) => {
    await db.schema
      .createTable('compose_harvest')
      .addColumn('account', 'text', (c) => c.notNull())
      .addColumn('folder', 'text', (c) => c.notNull())
      .addColumn('uid_validity', 'text', (c) => c.notNull())
      .addColumn('last_uid', 'bigint', (c) => c.notNull())
      .addColumn('harvested_at', 'bigint', (c) => c.notNull())
      .addPrimaryKeyConstraint('compose_harvest_pk', ['account', 'folder'])
      .execute();
  },
];

export const composeMigrations: Record<string, Migration> = {
  /**
   * Compose: temporary uploads, the state of each draft, the outbox of delayed sends and the
   * recent parties of recipient autocomplete. File bytes and queued messages are binary columns (bytea,
   * blob) so every server process of a PostgreSQL deployment reads them, not only the one that received them.
   */
  '0006_compose': {
    async up(db: Kysely<unknown>) {
      await runSteps(db, composeTables);
    },
    async down(db: Kysely<unknown>) {
      for (const table of ['compose_harvest', 'compose_recent_parties', 'compose_outbox', 'compose_drafts'])
        await db.schema.dropTable(table).execute();
      await db.schema.dropTable('compose_uploads').execute();
    },
  },
};
