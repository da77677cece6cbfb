// Tables of outgoing addresses and the account avatar (migration 0013_outgoing_addresses). Times are epoch ms.

/**
 * Outgoing addresses ("whitelist"): `address` lower-cased, unique per account. While unverified, the code and the
 * link token are kept only as SHA-256 hashes with their expiry and the wrong tries; verifying clears them.
 */
export interface OutgoingAddressesTable {
  id: string;
  account: string;
  address: string;
  name: string;
  verified: number;
  code_hash: string | null;
  token_hash: string | null;
  code_expires_at: number | null;
  code_attempts: number;
  code_sent_at: number | null;
  created_at: number;
  updated_at: number;
}

/** One row per verification mail sent: the per-account hourly limit counts them (any server process). */
export interface OutgoingAddressMailsTable {
  account: string;
  sent_at: number;
}

/** The account's own avatar, stored resized (one row per account). */
export interface AccountAvatarsTable {
  account: string;
  content_type: string;
  data: Buffer;
  etag: string;
  width: number;
  height: number;
  updated_at: number;
}

declare module '../../infra/db/database.js' {
  interface Database {
    outgoing_addresses: OutgoingAddressesTable;
    outgoing_address_mails: OutgoingAddressMailsTable;
    account_avatars: AccountAvatarsTable;
  }
}
