// The folder id map of the mail layer; the same row holds the folder settings the mailboxes feature keeps.
import type { Generated } from 'kysely';

/**
 * Stable opaque folder ids: Dovecot 2.3 has no MAILBOXID, so ids are mapped to paths here, with the
 * folder settings the webmail keeps (retention, hidden, the user's order).
 */
export interface MailboxesTable {
  id: string;
  account: string;
  path: string;
  created_at: number;
  retention_ms: number | null;
  /** 0 or 1. */
  hidden: Generated<number>;
  sort_order: number | null;
  /** A role the webmail keeps for the folder (migration 0032): `snoozed`. */
  special_use: string | null;
}

declare module '../infra/db/database.js' {
  interface Database {
    mailboxes: MailboxesTable;
  }
}
