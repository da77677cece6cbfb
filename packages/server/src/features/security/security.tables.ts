// Tables of the security feature. Times are epoch milliseconds.

/** Security log: similar events merge into 6-hour buckets with a count; rows are kept 30 days. */
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

/**
 * The account's TOTP secret, sealed with a server key (a database dump alone does not give it). `enabled_at` is
 * null while set-up waits for its first code; `last_step` is the newest time step used, so a code works once.
 */
export interface SecurityTotpTable {
  account: string;
  secret_sealed: string;
  enabled_at: number | null;
  last_step: number;
  created_at: number;
}

/** One-time recovery codes, stored as keyed hashes (HMAC with a server key). */
export interface SecurityRecoveryCodesTable {
  account: string;
  code_hash: string;
  created_at: number;
  used_at: number | null;
}

/** Passkeys (WebAuthn credentials). `credential_id` and `public_key` are base64url. */
export interface SecurityPasskeysTable {
  id: string;
  account: string;
  credential_id: string;
  public_key: string;
  counter: number;
  transports: string;
  name: string;
  created_at: number;
  last_used_at: number | null;
}

/**
 * Application passwords as the account sees them. The credential itself (selector and hash) lives in the mail
 * server's credentials database (MAIL_AUTH_DB), which its passdb reads; the last use comes from its reports.
 */
export interface SecurityAppPasswordsTable {
  id: string;
  account: string;
  description: string;
  scopes: string;
  created_at: number;
  last_used_at: number | null;
  last_ip: string | null;
  last_protocol: string | null;
}

/**
 * A sign-in whose password was right, waiting for its second factor. Only a hash of its id is kept; the
 * password is sealed with a key derived from the id, which only the browser holds (and a server key).
 */
export interface SecurityPendingSignInsTable {
  id_hash: string;
  account: string;
  device_id: string;
  /** 1 when that browser had a session of the account before (its wrong codes then count for it alone). */
  known_device: number;
  password_sealed: string;
  webauthn_challenge: string | null;
  created_at: number;
  expires_at: number;
}

/** Per session: until when a security change needs no new check of the password, and a passkey challenge. */
export interface SecuritySessionChecksTable {
  session_id: string;
  reauthenticated_until: number;
  registration_challenge: string | null;
  challenge_expires_at: number | null;
}

declare module '../../infra/db/database.js' {
  interface Database {
    security_events: SecurityEventsTable;
    security_totp: SecurityTotpTable;
    security_recovery_codes: SecurityRecoveryCodesTable;
    security_passkeys: SecurityPasskeysTable;
    security_app_passwords: SecurityAppPasswordsTable;
    security_pending_sign_ins: SecurityPendingSignInsTable;
    security_session_checks: SecuritySessionChecksTable;
  }
}
