import { z } from 'zod';

/**
 * What the mail server pushes (Dovecot's push_notification plugin, the repository's push.lua): the events of one
 * mailbox transaction of one user, in RFC 5423 names. `more`: the transaction had more events than were sent (a
 * mass change); the receiver re-reads the folders named instead of single messages.
 */
export const MailPushEventName = z.enum([
  'MessageNew',
  'MessageAppend',
  'MessageExpunge',
  'FlagsSet',
  'FlagsClear',
  'MailboxCreate',
  'MailboxRename',
  'MailboxDelete',
]);
export type MailPushEventName = z.infer<typeof MailPushEventName>;

const imapNumber = z.number().int().min(1).max(4294967295);

export const MailPushEvent = z.strictObject({
  event: MailPushEventName,
  /** The folder's name as the mail server shows it (UTF-8, `/` separated). */
  mailbox: z.string().min(1).max(1000),
  oldMailbox: z.string().min(1).max(1000).optional(),
  uid: imapNumber.optional(),
  uidValidity: imapNumber.optional(),
  flags: z.array(z.string().max(100)).max(20).optional(),
  keywords: z.array(z.string().max(250)).max(100).optional(),
});
export type MailPushEvent = z.infer<typeof MailPushEvent>;

export const MailPush = z.strictObject({
  user: z.string().min(1).max(320),
  events: z.array(MailPushEvent).min(1).max(200),
  more: z.boolean().default(false),
});
export type MailPush = z.infer<typeof MailPush>;

/**
 * One POST of push.lua: the push of the moment, with the pushes that got no answer before (`earlier`: kept in the
 * mail server's spool and sent again with the next push that gets through, oldest first; each is checked on its
 * own, so one the webmail cannot take is skipped rather than the POST refused), and `lost`: the spool was full and
 * pushes were dropped, so every open browser reads everything again. A push sent again may have arrived already
 * (a push taken from its URL counts as failed for the mail server): the receiver drops the repeats.
 */
export const MailPushRequest = MailPush.extend({
  earlier: z
    .array(z.unknown())
    .max(500)
    .optional()
    .meta({ description: 'Pushes that got no answer before, oldest first (each a MailPush)' }),
  lost: z.boolean().optional(),
});
export type MailPushRequest = z.infer<typeof MailPushRequest>;
