// Tables of the auth feature. Times are epoch milliseconds.

/** Times are epoch milliseconds (bigint in PostgreSQL, parsed back to number). */
export interface UsersTable {
  email: string;
  name: string;
  created_at: number;
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

declare module '../../infra/db/database.js' {
  interface Database {
    users: UsersTable;
    device_accounts: DeviceAccountsTable;
  }
}
