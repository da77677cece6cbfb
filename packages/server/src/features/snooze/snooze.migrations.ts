import type { Kysely, Migration } from 'kysely';

/**
 * Migration 0033_snooze: snoozed messages and when they wake (`snooze.tables.ts`); 0034_woken_messages: the
 * messages woken back into a folder, listed on top there for a while (`woken.tables.ts`).
 */
export const snoozeMigrations: Record<string, Migration> = {
  '0033_snooze': {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('snoozed_messages')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('account', 'text', (c) => c.notNull())
        .addColumn('uid', 'bigint', (c) => c.notNull())
        .addColumn('uid_validity', 'text', (c) => c.notNull())
        .addColumn('message_id', 'text')
        .addColumn('subject', 'text', (c) => c.notNull())
        .addColumn('wake_at', 'bigint', (c) => c.notNull())
        .addColumn('target_mailbox_id', 'text', (c) => c.notNull())
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('claimed_at', 'bigint')
        .addColumn('claimed_by', 'text')
        .execute();
      await db.schema.createIndex('snoozed_messages_wake').on('snoozed_messages').column('wake_at').execute();
      await db.schema
        .createIndex('snoozed_messages_account')
        .on('snoozed_messages')
        .columns(['account', 'wake_at'])
        .execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('snoozed_messages').execute();
    },
  },
  '0034_woken_messages': {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('woken_messages')
        .addColumn('account', 'text', (c) => c.notNull())
        .addColumn('mailbox_id', 'text', (c) => c.notNull())
        .addColumn('uid_validity', 'text', (c) => c.notNull())
        .addColumn('uid', 'bigint', (c) => c.notNull())
        .addColumn('woken_at', 'bigint', (c) => c.notNull())
        .addPrimaryKeyConstraint('woken_messages_pk', ['account', 'mailbox_id', 'uid_validity', 'uid'])
        .execute();
      await db.schema.createIndex('woken_messages_time').on('woken_messages').column('woken_at').execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('woken_messages').execute();
    },
  },
};
