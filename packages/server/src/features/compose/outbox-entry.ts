import { Recipient, SendFailure, type OutboxEntry, type OutboxStatus } from '@webmail/contracts';
import { z } from 'zod';
import { readJsonColumn } from '../../infra/db/json-column.js';
import type { OutboxRow } from './outbox.repository.js';

/** What the outbox row's `envelope` column holds: the SMTP sender and the recipients (as the draft had them). */
const StoredEnvelope = z.object({ from: z.string(), to: z.array(Recipient) });
export type StoredEnvelope = z.infer<typeof StoredEnvelope>;

export const storedEnvelope = (row: Pick<OutboxRow, 'envelope'>): StoredEnvelope =>
  readJsonColumn(StoredEnvelope, row.envelope, 'outbox.envelope');

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
    failure: row.failure ? readJsonColumn(SendFailure, row.failure, 'outbox.failure') : null,
    rejectedRecipients: readJsonColumn(z.array(z.string()), row.rejected, 'outbox.rejected'),
    scheduled: Number(row.scheduled) === 1,
  };
}
