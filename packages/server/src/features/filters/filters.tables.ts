// Tables of the filters feature: the source of truth for the account's Sieve script. Times are epoch ms.

/** A filter; `position` orders the list (the script runs them in this order). Query and action are JSON. */
export interface FiltersTable {
  id: string;
  account: string;
  position: number;
  name: string;
  disabled: number;
  query: string;
  action: string;
  created_at: number;
  updated_at: number;
}

/** One row per account: forwarding targets (JSON list), spam level, auto-reply (JSON or null). */
export interface FilterSettingsTable {
  account: string;
  targets: string;
  spam_level: number;
  autoreply: string | null;
  updated_at: number;
}

declare module '../../infra/db/database.js' {
  interface Database {
    filters: FiltersTable;
    filter_settings: FilterSettingsTable;
  }
}
