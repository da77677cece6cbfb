import type { Kysely, Migration } from 'kysely';
import { bytesType, runSteps, type MigrationStep } from '../../infra/db/migration-steps.js';

const tables = [
  'contact_tombstones',
  'contact_avatars',
  'contact_group_members',
  'contact_groups',
  'contact_emails',
  'contacts',
  'contact_address_books',
];

/** The tables of migration 0008_contacts, one step each with its indexes, in the order they depend on each other. */
const contactTables: MigrationStep[] = [
  async (db) => {
    await db.schema
      .createTable('contact_address_books')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('account', 'text', (c) => c.notNull())
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('is_default', 'integer', (c) => c.notNull())
      .addColumn('sync_revision', 'bigint', (c) => c.notNull())
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .addColumn('updated_at', 'bigint', (c) => c.notNull())
      .execute();
    await db.schema
      .createIndex('contact_address_books_account')
      .on('contact_address_books')
      .column('account')
      .execute();
  },
  async (db) => {
    await db.schema
      .createTable('contacts')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('account', 'text', (c) => c.notNull())
      .addColumn('address_book_id', 'text', (c) => c.notNull())
      .addColumn('uid', 'text', (c) => c.notNull())
      .addColumn('full_name', 'text', (c) => c.notNull())
      .addColumn('sort_name', 'text', (c) => c.notNull())
      .addColumn('search_text', 'text', (c) => c.notNull())
      .addColumn('emails', 'text', (c) => c.notNull())
      .addColumn('phones', 'text', (c) => c.notNull())
      .addColumn('organization', 'text', (c) => c.notNull())
      .addColumn('notes', 'text', (c) => c.notNull())
      .addColumn('vcard', 'text', (c) => c.notNull())
      .addColumn('revision', 'bigint', (c) => c.notNull())
      .addColumn('etag', 'text', (c) => c.notNull())
      .addColumn('has_avatar', 'integer', (c) => c.notNull())
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .addColumn('updated_at', 'bigint', (c) => c.notNull())
      .addUniqueConstraint('contacts_book_uid', ['address_book_id', 'uid'])
      .execute();
    await db.schema
      .createIndex('contacts_account_sort')
      .on('contacts')
      .columns(['account', 'sort_name'])
      .execute();
    await db.schema
      .createIndex('contacts_book_sort')
      .on('contacts')
      .columns(['address_book_id', 'sort_name'])
      .execute();
  },
  async (db) => {
    await db.schema
      .createTable('contact_emails')
      .addColumn('contact_id', 'text', (c) => c.notNull())
      .addColumn('account', 'text', (c) => c.notNull())
      .addColumn('address_book_id', 'text', (c) => c.notNull())
      .addColumn('address', 'text', (c) => c.notNull())
      .addColumn('position', 'integer', (c) => c.notNull())
      .addPrimaryKeyConstraint('contact_emails_pk', ['contact_id', 'position'])
      .execute();
    await db.schema
      .createIndex('contact_emails_book_address')
      .on('contact_emails')
      .columns(['address_book_id', 'address'])
      .execute();
  },
  async (db) => {
    await db.schema
      .createTable('contact_groups')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('account', 'text', (c) => c.notNull())
      .addColumn('uid', 'text', (c) => c.notNull())
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('description', 'text', (c) => c.notNull())
      .addColumn('search_text', 'text', (c) => c.notNull())
      .addColumn('revision', 'bigint', (c) => c.notNull())
      .addColumn('etag', 'text', (c) => c.notNull())
      .addColumn('has_avatar', 'integer', (c) => c.notNull())
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .addColumn('updated_at', 'bigint', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('contact_groups_account').on('contact_groups').column('account').execute();
  },
  async (db) => {
    await db.schema
      .createTable('contact_group_members')
      .addColumn('group_id', 'text', (c) => c.notNull())
      .addColumn('contact_id', 'text', (c) => c.notNull())
      .addColumn('account', 'text', (c) => c.notNull())
      .addPrimaryKeyConstraint('contact_group_members_pk', ['group_id', 'contact_id'])
      .execute();
    await db.schema
      .createIndex('contact_group_members_contact')
      .on('contact_group_members')
      .column('contact_id')
      .execute();
  },
  async (db) => {
    await db.schema
      .createTable('contact_avatars')
      .addColumn('owner_id', 'text', (c) => c.primaryKey())
      .addColumn('account', 'text', (c) => c.notNull())
      .addColumn('content_type', 'text', (c) => c.notNull())
      .addColumn('data', bytesType(db), (c) => c.notNull())
      .addColumn('etag', 'text', (c) => c.notNull())
      .addColumn('updated_at', 'bigint', (c) => c.notNull())
      .execute();
  },
  async (db) => {
    await db.schema
      .createTable('contact_tombstones')
      .addColumn('address_book_id', 'text', (c) => c.notNull())
      .addColumn('uid', 'text', (c) => c.notNull())
      .addColumn('sync_revision', 'bigint', (c) => c.notNull())
      .addColumn('deleted_at', 'bigint', (c) => c.notNull())
      .execute();
    await db.schema
      .createIndex('contact_tombstones_book')
      .on('contact_tombstones')
      .columns(['address_book_id', 'sync_revision'])
      .execute();
  },
];

export const contactsMigrations: Record<string, Migration> = {
  /**
   * Contacts: address books, contacts (each a vCard 4 with UID and revision, plus the columns lists and search
   * read), their e-mail addresses, groups and members, avatars (bytes, so every node serves them), and the
   * tombstones a CardDAV sync report needs.
   */
  '0008_contacts': {
    async up(db: Kysely<unknown>) {
      await runSteps(db, contactTables);
    },
    async down(db: Kysely<unknown>) {
      for (const table of tables) await db.schema.dropTable(table).execute();
    },
  },
};
