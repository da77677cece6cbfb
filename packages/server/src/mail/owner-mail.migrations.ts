import type { Kysely, Migration } from 'kysely';

/** Migration 0026_owner_mail: claims of background mail work for absent owners (`owner-mail.tables.ts`). */
export const ownerMailMigrations: Record<string, Migration> = {
  '0026_owner_mail': {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('owner_mail_claims')
        .addColumn('job', 'text', (c) => c.notNull())
        .addColumn('account', 'text', (c) => c.notNull())
        .addColumn('claimed_until', 'bigint', (c) => c.notNull())
        .addColumn('node', 'text', (c) => c.notNull())
        .addPrimaryKeyConstraint('owner_mail_claims_pk', ['job', 'account'])
        .execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('owner_mail_claims').execute();
    },
  },
};
