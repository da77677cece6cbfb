// Tables of the compose feature. Times are epoch milliseconds.

/** A file uploaded for a draft, kept until the draft is sent or discarded, or unused for a while. */
export interface ComposeUploadsTable {
  id: string;
  account: string;
  draft_id: string | null;
  filename: string;
  content_type: string;
  size: number;
  /** 0 or 1: an inline (cid:) image. */
  inline: number;
  content_id: string | null;
  sha256: string;
  data: Buffer;
  created_at: number;
  used_at: number;
}

/** What the server knows of a draft between saves: where its IMAP copy is and what it contained. */
export interface ComposeDraftsTable {
  account: string;
  draft_id: string;
  /** Hash of the last stored content: an identical save is skipped (retries are idempotent). */
  content_hash: string | null;
  revision: number | null;
  mailbox_path: string | null;
  uid: number | null;
  saved_at: number | null;
  updated_at: number;
}

/** One send per draft (unique account + draft_id: the row is the lock that makes a send happen once). */
export interface ComposeOutboxTable {
  id: string;
  account: string;
  session_id: string;
  draft_id: string;
  message_id: string;
  subject: string;
  status: string;
  due_at: number;
  created_at: number;
  updated_at: number;
  sent_at: number | null;
  attempts: number;
  /** While `sending`: when the claim expires (a crashed delivery is then reported as interrupted). */
  locked_until: number | null;
  /** JSON {from, to[]}. */
  envelope: string;
  /** The message as the Sent copy (with Bcc); Bcc is stripped for transmission. Erased when done. */
  raw: Buffer | null;
  /** The user's password sealed with the server's outbox key, only until the send is done. */
  credentials_sealed: string | null;
  /** JSON SendFailure. */
  failure: string | null;
  /** JSON array of refused recipients of a sent message. */
  rejected: string;
  /** 1 while the Sent copy and the draft removal are still to do after a successful SMTP hand-over. */
  post_pending: number;
  post_attempts: number;
  /** 1: send later (due_at is the user's chosen time), 0: an undo window or a retry. */
  scheduled: number;
  /** 1 from just before the SMTP transaction until its outcome is recorded (crash recovery reads it). */
  submitting: number;
}

/** Autocomplete: one row per correspondent, a decaying score mixing recency and frequency. */
export interface ComposeRecentPartiesTable {
  account: string;
  address: string;
  name: string;
  /** Lower-cased "name address" (JavaScript lower-casing: SQLite's lower() is ASCII-only). */
  search_text: string;
  score: number;
  /** The time `score` is valid at; it halves every half-life after that. */
  score_at: number;
  count: number;
}

/** How far recent-party harvesting has read a folder (UIDVALIDITY + highest UID seen). */
export interface ComposeHarvestTable {
  account: string;
  folder: string;
  uid_validity: string;
  last_uid: number;
  harvested_at: number;
}

declare module '../../infra/db/database.js' {
  interface Database {
    compose_uploads: ComposeUploadsTable;
    compose_drafts: ComposeDraftsTable;
    compose_outbox: ComposeOutboxTable;
    compose_recent_parties: ComposeRecentPartiesTable;
    compose_harvest: ComposeHarvestTable;
  }
}
