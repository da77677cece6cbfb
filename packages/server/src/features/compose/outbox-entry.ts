import type { OutboxEntry, OutboxStatus, Recipient, SendFailure } from '@webmail/contracts';
import type { OutboxRow } from './outbox.repository.js';

/** What the outbox row's `envelope` column holds. */
export interface StoredEnvelope {
  from: string;
  to: Recipient[];
}

/** Follow-up steps after the SMTP server took the message (bit flags in `post_pending`). */
export const followUp = { sentCopy: 1, removeDraft: 2 } as const;

const iso = (ms: number) => new Date(Number(ms)).toISOString();

export function toEntry(row: OutboxRow): OutboxEntry {
  return {
    id: row.id,
    draftId: row.draft_id,
    status: row.status as OutboxStatus,
    subject: row.subject,
    messageId: row.message_id,
    createdAt: iso(row.created_at),
    dueAt: iso(row.due_at),
    sentAt: row.sent_at === null ? null : iso(row.sent_at),
    attempts: Number(row.attempts),
    failure: row.failure ? (JSON.parse(row.failure) as SendFailure) : null,
    rejectedRecipients: JSON.parse(row.rejected) as string[],
    scheduled: Number(row.scheduled) === 1,
  };
}
