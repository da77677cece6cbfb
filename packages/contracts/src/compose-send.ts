import { z } from 'zod';
import { ComposeParams, composeLimits, DraftContent, DraftId } from './compose.js';

/** Send a draft. Retrying with the same draftId never sends twice: the answer is the existing entry. */
export const SendRequest = z
  .object({
    draftId: DraftId,
    draft: DraftContent,
    /** Undo window in seconds; 0 sends at once. Absent: the server's default (10 s unless configured). */
    undoSeconds: z.number().int().min(0).max(composeLimits.undoSendMaxSeconds).optional(),
    revision: z.number().int().min(0).optional(),
    /**
     * Send later: the message waits on the server until this time (then undo does not apply). It must lie in the
     * future and at most `sendLaterMaxDays` ahead.
     */
    sendAt: z.iso.datetime({ offset: true }).optional(),
  })
  .strict();
export type SendRequest = z.input<typeof SendRequest>;

/**
 * queued: waiting for its due time (undo possible) or for a retry after a temporary failure;
 * sending: handed to the SMTP server right now; sent: accepted by the SMTP server;
 * failed: refused or interrupted (the draft stays in Drafts); cancelled: undone before sending.
 */
export const outboxStatuses = ['queued', 'sending', 'sent', 'failed', 'cancelled'] as const;
export const OutboxStatus = z.enum(outboxStatuses);
export type OutboxStatus = z.infer<typeof OutboxStatus>;

/** Why a send failed, for the client to show in words (the draft is kept in every case). */
export const sendFailureReasons = [
  'recipientRejected',
  'messageTooBig',
  'senderRejected',
  'overQuota',
  'authFailed',
  'serverUnavailable',
  /** The server stopped while handing the message over: it may or may not have been delivered. */
  'interrupted',
  'rejected',
] as const;
export const SendFailureReason = z.enum(sendFailureReasons);
export type SendFailureReason = z.infer<typeof SendFailureReason>;

export const SendFailure = z.object({
  reason: SendFailureReason,
  /** The mail server's words, cleaned of protocol codes. */
  message: z.string(),
  /** Recipients the server refused (recipientRejected). */
  recipients: z.array(z.string()),
});
export type SendFailure = z.infer<typeof SendFailure>;

export const OutboxEntry = z
  .object({
    id: z.string(),
    draftId: DraftId,
    status: OutboxStatus,
    subject: z.string(),
    /** The fixed Message-ID of this draft's message. */
    messageId: z.string(),
    createdAt: z.iso.datetime(),
    /** When it leaves (end of the undo window, or the next retry). */
    dueAt: z.iso.datetime(),
    sentAt: z.iso.datetime().nullable(),
    attempts: z.number().int(),
    failure: SendFailure.nullable(),
    /** Sent, but these recipients were refused by the SMTP server (the others got the message). */
    rejectedRecipients: z.array(z.string()),
    /** Send later: it waits for `dueAt`, chosen by the user (not an undo window). */
    scheduled: z.boolean().optional(),
  })
  .meta({ id: 'OutboxEntry' });
export type OutboxEntry = z.infer<typeof OutboxEntry>;

/** How far ahead a message may be scheduled. */
export const sendLaterMaxDays = 366;

/** Move a scheduled message to another time. */
export const RescheduleRequest = z.object({ sendAt: z.iso.datetime({ offset: true }) }).strict();
export type RescheduleRequest = z.input<typeof RescheduleRequest>;

export const OutboxParams = ComposeParams.extend({ outboxId: z.string().min(1).max(64) });
export const OutboxListResponse = z.object({ entries: z.array(OutboxEntry) });
export type OutboxListResponse = z.infer<typeof OutboxListResponse>;

/** The Scheduled view: messages waiting for their time, soonest first. */
export const ScheduledListResponse = z.object({ entries: z.array(OutboxEntry), count: z.number().int() });
export type ScheduledListResponse = z.infer<typeof ScheduledListResponse>;
