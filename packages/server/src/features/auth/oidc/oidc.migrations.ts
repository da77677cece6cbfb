import type { Kysely, Migration } from 'kysely';

/** Migrations 0027 and 0035: the sessions single sign-on started and their tokens (`oidc.tables.ts`). */
export const oidcMigrations: Record<string, Migration> = {
  '0027_oidc_sessions': {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('oidc_sessions')
        .addColumn('session_id', 'text', (c) => c.primaryKey())
        .addColumn('subject', 'text', (c) => c.notNull())
        .addColumn('sid', 'text')
        .addColumn('id_token', 'text', (c) => c.notNull())
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('oidc_sessions_subject').on('oidc_sessions').column('subject').execute();
      await db.schema.createIndex('oidc_sessions_sid').on('oidc_sessions').column('sid').execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('oidc_sessions').execute();
    },
  },
  /** Token pass-through: the provider's tokens of the session, sealed with the session's key (null: none kept). */
  '0035_oidc_session_tokens': {
    async up(db: Kysely<unknown>) {
      await db.schema.alterTable('oidc_sessions').addColumn('tokens_sealed', 'text').execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.alterTable('oidc_sessions').dropColumn('tokens_sealed').execute();
    },
  },
};
