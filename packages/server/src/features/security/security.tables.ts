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

declare module '../../infra/db/database.js' {
  interface Database {
    security_events: SecurityEventsTable;
  }
}
