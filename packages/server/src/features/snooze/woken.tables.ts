// Table of messages woken from snooze (migration 0034_woken_messages). Times are epoch ms.

/**
 * A message the wake moved back into a folder (`mailbox_id`, a folder id), with its new `uid` there under
 * `uid_validity`. The folder's list shows it on top, newest wake first, until it is read, leaves the folder or
 * the time limit passes; then the row goes.
 */
export interface WokenMessagesTable {
  account: string;
  mailbox_id: string;
  uid_validity: string;
  uid: number;
  woken_at: number;
}

declare module '../../infra/db/database.js' {
  interface Database {
    woken_messages: WokenMessagesTable;
  }
}
