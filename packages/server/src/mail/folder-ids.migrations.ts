import type { Kysely, Migration } from 'kysely';

/**
 * Migration 0032_folder_special_use: a role the webmail keeps for a folder where IMAP has no SPECIAL-USE
 * attribute for it (the snoozed folder; `folder-ids.tables.ts`).
 */
export const folderIdsMigrations: Record<string, Migration> = {
  '0032_folder_special_use': {
    async up(db: Kysely<unknown>) {
      await db.schema.alterTable('mailboxes').addColumn('special_use', 'text').execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.alterTable('mailboxes').dropColumn('special_use').execute();
    },
  },
};
