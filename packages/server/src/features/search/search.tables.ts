// Tables of the search feature. Times are epoch milliseconds.

/**
 * A user's recent searches (at most five kept): the query as typed and a snapshot of its first hits (JSON of
 * `RecentSearchEmail[]`). A repeated query is the same row, moved to the top (`used_at`).
 */
export interface SearchRecentTable {
  id: string;
  account: string;
  query: string;
  hits: string;
  used_at: number;
}

/** A query saved under a name; listed under the folders with its unread count. */
export interface SearchSavedTable {
  id: string;
  account: string;
  name: string;
  query: string;
  created_at: number;
}

declare module '../../infra/db/database.js' {
  interface Database {
    search_recent: SearchRecentTable;
    search_saved: SearchSavedTable;
  }
}
