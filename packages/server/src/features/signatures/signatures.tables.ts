// Tables of the signatures feature. Times are epoch milliseconds.

/** A signature: name and sanitized HTML; at most one row per account has `is_default` = 1. */
export interface SignaturesTable {
  id: string;
  account: string;
  name: string;
  html: string;
  is_default: number;
  created_at: number;
  updated_at: number;
}

declare module '../../infra/db/database.js' {
  interface Database {
    signatures: SignaturesTable;
  }
}
