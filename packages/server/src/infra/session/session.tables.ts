// Tables of the session layer. Times are epoch milliseconds (bigint in PostgreSQL, parsed back to number).

/** One signed-in account on one device (a browser, known by its device cookie), in one user-index slot. */
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
  /** Where and with what the session signed in (the account's session list shows them). */
  ip: string | null;
  user_agent: string | null;
}

declare module '../db/database.js' {
  interface Database {
    sessions: SessionsTable;
  }
}
