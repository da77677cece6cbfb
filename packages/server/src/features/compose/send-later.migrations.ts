import type { Kysely, Migration } from 'kysely';

/**
 * Migration 0028_send_later: an outbox entry can wait for a time the user chose (`scheduled`), and a claimed
 * delivery records whether the SMTP transaction had begun (`submitting`), which decides how a crashed one is
 * recovered (see the outbox job).
 */
export const sendLaterMigrations: Record<string, Migration> = {
  '0028_send_later': {
    async up(db: Kysely<unknown>) {
      await db.schema
        .alterTable('compose_outbox')
        .addColumn('scheduled', 'integer', (c) => c.notNull().defaultTo(0))
        .execute();
      await db.schema
        .alterTable('compose_outbox')
        .addColumn('submitting', 'integer', (c) => c.notNull().defaultTo(0))
        .execute();
      await db.schema
        .createIndex('compose_outbox_scheduled')
        .on('compose_outbox')
        .columns(['account', 'scheduled', 'status'])
        .execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropIndex('compose_outbox_scheduled').execute();
      await db.schema.alterTable('compose_outbox').dropColumn('submitting').execute();
      await db.schema.alterTable('compose_outbox').dropColumn('scheduled').execute();
    },
  },
};
