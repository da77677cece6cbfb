import type { Kysely, Migration } from 'kysely';
import { runSteps, type MigrationStep } from '../../infra/db/migration-steps.js';

/** Migration 0009_security as steps: the sessions' new columns, then one step per table with its indexes. */
const securityTables: MigrationStep[] = [
  async (db) => {
    await db.schema.alterTable('sessions').addColumn('ip', 'text').execute();
    await db.schema.alterTable('sessions').addColumn('user_agent', 'text').execute();
    await db.schema.createIndex('sessions_email').on('sessions').column('email').execute();
  },
  async (db) => {
    await db.schema
      .createTable('security_totp')
      .addColumn('account', 'text', (c) => c.primaryKey())
      .addColumn('secret_sealed', 'text', (c) => c.notNull())
      .addColumn('enabled_at', 'bigint')
      .addColumn('last_step', 'bigint', (c) => c.notNull())
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .execute();
  },
  async (db) => {
    await db.schema
      .createTable('security_recovery_codes')
      .addColumn('account', 'text', (c) => c.notNull())
      .addColumn('code_hash', 'text', (c) => c.notNull())
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .addColumn('used_at', 'bigint')
      .addPrimaryKeyConstraint('security_recovery_codes_pk', ['account', 'code_hash'])
      .execute();
  },
  async (db) => {
    await db.schema
      .createTable('security_passkeys')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('account', 'text', (c) => c.notNull())
      .addColumn('credential_id', 'text', (c) => c.notNull().unique())
      .addColumn('public_key', 'text', (c) => c.notNull())
      .addColumn('counter', 'bigint', (c) => c.notNull())
      .addColumn('transports', 'text', (c) => c.notNull())
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .addColumn('last_used_at', 'bigint')
      .execute();
    await db.schema
      .createIndex('security_passkeys_account')
      .on('security_passkeys')
      .column('account')
      .execute();
  },
  async (db) => {
    await db.schema
      .createTable('security_app_passwords')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('account', 'text', (c) => c.notNull())
      .addColumn('description', 'text', (c) => c.notNull())
      .addColumn('scopes', 'text', (c) => c.notNull())
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .addColumn('last_used_at', 'bigint')
      .addColumn('last_ip', 'text')
      .addColumn('last_protocol', 'text')
      .execute();
    await db.schema
      .createIndex('security_app_passwords_account')
      .on('security_app_passwords')
      .column('account')
      .execute();
  },
  async (db) => {
    await db.schema
      .createTable('security_pending_sign_ins')
      .addColumn('id_hash', 'text', (c) => c.primaryKey())
      .addColumn('account', 'text', (c) => c.notNull())
      .addColumn('device_id', 'text', (c) => c.notNull())
      .addColumn('known_device', 'integer', (c) => c.notNull())
      .addColumn('password_sealed', 'text', (c) => c.notNull())
      .addColumn('webauthn_challenge', 'text')
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .addColumn('expires_at', 'bigint', (c) => c.notNull())
      .execute();
  },
  async (db) => {
    await db.schema
      .createTable('security_session_checks')
      .addColumn('session_id', 'text', (c) => c.primaryKey())
      .addColumn('reauthenticated_until', 'bigint', (c) => c.notNull())
      .addColumn('registration_challenge', 'text')
      .addColumn('challenge_expires_at', 'bigint')
      .execute();
  },
];

/**
 * Migration 0009_security: two-factor sign-in (TOTP, recovery codes, passkeys, pending sign-ins), application
 * passwords, per-session checks, and where and with what each session signed in.
 */
export const securityMigrations: Record<string, Migration> = {
  '0009_security': {
    async up(db: Kysely<unknown>) {
      await runSteps(db, securityTables);
    },
  },
};
