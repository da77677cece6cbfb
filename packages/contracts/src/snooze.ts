import { z } from 'zod';
import { ImapUid } from './common.js';
import { UserIndex } from './auth.js';

/**
 * Snooze, in the IETF email-snooze draft's model: a message moves to the account's snoozed mailbox with an
 * awaken time and a target mailbox; at that time it goes back to the target with `\Seen` removed. The
 * webmail keeps the awaken time and target (Dovecot has no native snooze), so a server that offers it
 * natively could take over.
 */

/** Longest a message may sleep (about five years): beyond that a date is a typo, not a plan. */
export const snoozeMaxMs = 5 * 366 * 86_400_000;

export const SnoozeMessageRef = z
  .object({
    mailboxId: z.string().min(1).max(64),
    messageId: ImapUid,
  })
  .strict();
export type SnoozeMessageRef = z.infer<typeof SnoozeMessageRef>;

export const SnoozeInput = z
  .object({
    /** The conversation's or the selection's messages; all move to the snoozed mailbox. */
    messages: z.array(SnoozeMessageRef).min(1).max(1000),
    /** The awaken time (UTC). In the past or more than `snoozeMaxMs` ahead: 422. */
    wakeAt: z.iso.datetime(),
  })
  .strict();
export type SnoozeInput = z.infer<typeof SnoozeInput>;

export const SnoozeChangeInput = z.object({ wakeAt: z.iso.datetime() }).strict();
export type SnoozeChangeInput = z.infer<typeof SnoozeChangeInput>;

export const SnoozedParams = z.object({ userIndex: UserIndex, id: z.string().min(1).max(64) });

/** One snoozed message: where it sleeps (`mailboxId`/`messageId` in the snoozed mailbox) and where it wakes. */
export const SnoozedItem = z
  .object({
    id: z.string(),
    mailboxId: z.string(),
    messageId: z.number().int(),
    /** The Message-ID header, which finds the message again if its UID changed. */
    messageIdHeader: z.string().nullable(),
    /** Its subject as it was snoozed (the Snoozed view names it without reading the folder). */
    subject: z.string(),
    wakeAt: z.iso.datetime(),
    /** The folder it returns to (its id), the one it came from. */
    targetMailboxId: z.string(),
  })
  .meta({ id: 'SnoozedItem' });
export type SnoozedItem = z.infer<typeof SnoozedItem>;

export const SnoozedList = z.object({
  /** The snoozed mailbox's id, null until the first snooze created it. */
  mailboxId: z.string().nullable(),
  items: z.array(SnoozedItem),
});
export type SnoozedList = z.infer<typeof SnoozedList>;
