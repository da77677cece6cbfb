// Table of the snooze feature (migration 0033_snooze). Times are epoch ms.

/**
 * One snoozed message, in the IETF email-snooze draft's terms: it sleeps in the account's snoozed mailbox
 * (`uid` there, under `uid_validity`), wakes at `wake_at`, returns to the target mailbox (a folder id: renames keep
 * it) with `\Seen` removed. `claimed_at`/`claimed_by`: the process waking it, so exactly one does.
 */
export interface SnoozedMessagesTable {
  id: string;
  account: string;
  uid: number;
  uid_validity: string;
  message_id: string | null;
  subject: string;
  wake_at: number;
  target_mailbox_id: string;
  created_at: number;
  claimed_at: number | null;
  claimed_by: string | null;
}

declare module '../../infra/db/database.js' {
  interface Database {
    snoozed_messages: SnoozedMessagesTable;
  }
}
