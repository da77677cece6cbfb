/**
 * A signed-in account as a request sees it: the session row's id and address, the user index (the account's slot
 * in this browser), the device, and `key`, which unseals the stored IMAP password and exists only in the user's
 * httpOnly cookie.
 */
export interface SessionContext {
  id: string;
  email: string;
  userIndex: number;
  deviceId: string;
  key: string;
}
