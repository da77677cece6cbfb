import type { Kysely, Migration } from 'kysely';

/** Migration 0014_feature_overrides: the operator's per-account plan switches (`upgrade.tables.ts`). */
export const upgradeMigrations: Record<string, Migration> = {
  '0014_feature_overrides': {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('feature_overrides')
        .addColumn('account', 'text', (c) => c.notNull())
        .addColumn('feature', 'text', (c) => c.notNull())
        .addColumn('enabled', 'integer', (c) => c.notNull())
        .addColumn('updated_at', 'bigint', (c) => c.notNull())
        .addPrimaryKeyConstraint('feature_overrides_pk', ['account', 'feature'])
        .execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('feature_overrides').execute();
    },
  },
};
