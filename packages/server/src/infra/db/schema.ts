import type { Generated } from 'kysely';
import type {
  ComposeDraftsTable,
  ComposeHarvestTable,
  ComposeOutboxTable,
  ComposeRecentPartiesTable,
  ComposeUploadsTable,
} from './schema-compose.js';

/** Times are epoch milliseconds (bigint in PostgreSQL, parsed back to number). */
export interface UsersTable {
  email: string;
  name: string;
  created_at: number;
}

/** One signed-in account on one device (architecture §3). */
export interface SessionsTable {
  id: string;
  device_id: string;
  user_index: number;
  email: string;
  /** The IMAP password, AES-256-GCM sealed with a key that only the user's cookie holds. */
  password_sealed: string;
  refresh_hash: string;
  created_at: number;
  last_used_at: number;
  expires_at: number;
  revoked_at: number | null;
}

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
}

/**
 * The accounts a device remembers, each in its userIndex slot. `session_id` is null while the account is
 * signed out but still listed (user logout); removing the account from the device deletes the row.
 */
export interface DeviceAccountsTable {
  device_id: string;
  user_index: number;
  email: string;
  session_id: string | null;
  added_at: number;
}

/** Security log (semantics: similar events merge into 6-hour buckets with a count; kept 30 days). */
export interface SecurityEventsTable {
  account: string;
  type: string;
  ip: string;
  user_agent: string;
  protocol: string;
  bucket_start: number;
  first_at: number;
  last_at: number;
  count: number;
}

/** Stored user preferences (user details `view_mode`, `meta.*`, `timezone`) as one JSON document. */
export interface UserSettingsTable {
  account: string;
  settings: string;
  updated_at: number;
}

/** External-content mode per account (`ask` | `always` | `never`); no row means the default. */
export interface ExternalContentTable {
  account: string;
  mode: string;
  updated_at: number;
}

/** Senders whose mail always shows remote content; `address` lower-cased, unique per account. */
export interface ExternalContentSendersTable {
  id: string;
  account: string;
  address: string;
  created_at: number;
}

export interface Database {
  users: UsersTable;
  sessions: SessionsTable;
  mailboxes: MailboxesTable;
  device_accounts: DeviceAccountsTable;
  security_events: SecurityEventsTable;
  user_settings: UserSettingsTable;
  external_content: ExternalContentTable;
  external_content_senders: ExternalContentSendersTable;
  compose_uploads: ComposeUploadsTable;
  compose_drafts: ComposeDraftsTable;
  compose_outbox: ComposeOutboxTable;
  compose_recent_parties: ComposeRecentPartiesTable;
  compose_harvest: ComposeHarvestTable;
}

export type { Generated };
