import type { Generated } from 'kysely';

/**
 * Events kept for a few minutes so a stream that reconnects gets what it missed (its `Last-Event-ID`). `id` is
 * the event's id on every stream, increasing across all server processes (one database sequence).
 */
export interface EventLogTable {
  id: Generated<number>;
  account: string;
  /** Set when the event is for one session only (its sign-out); null for every session of the account. */
  session_id: string | null;
  /** JSON of the AppEvent. */
  payload: string;
  created_at: number;
}

declare module '../db/database.js' {
  interface Database {
    event_log: EventLogTable;
  }
}
