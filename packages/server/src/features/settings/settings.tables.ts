// Tables of the settings feature. Times are epoch milliseconds.

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

/** The configuration store (`/config`): one JSON document per account, fields per `UserConfig`. */
export interface UserConfigTable {
  account: string;
  config: string;
  updated_at: number;
}

declare module '../../infra/db/database.js' {
  interface Database {
    user_settings: UserSettingsTable;
    user_config: UserConfigTable;
    external_content: ExternalContentTable;
    external_content_senders: ExternalContentSendersTable;
  }
}
