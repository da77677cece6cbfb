import { z } from 'zod';
import { UserIndex } from './auth.js';
import { Address, decimalParam, ImapUidParam } from './common.js';
import { MailboxParams } from './mailboxes.js';

/** Reading one message: `remoteContent=show` shows remote content this once (through the image proxy). */
export const MessageDetailQuery = z.object({ remoteContent: z.enum(['show']).optional() });
export type MessageDetailQuery = z.infer<typeof MessageDetailQuery>;

export const ThreadParams = MailboxParams.extend({ threadId: z.string().min(1).max(64) });
/**
 * `messageId`: the UID (in the path's folder) of the message the conversation is opened at. Without it (the thread
 * print address carries none) the server looks for the folder's newest message of the thread.
 */
export const ThreadQuery = z.object({ messageId: ImapUidParam.optional() });

/** One message of a conversation; its body comes from the message detail route. */
export const ThreadMessage = z
  .object({
    /** IMAP UID in `mailbox`. */
    id: z.number().int(),
    mailbox: z.string(),
    messageId: z.string().nullable(),
    from: Address.nullable(),
    to: z.array(Address),
    cc: z.array(Address),
    subject: z.string(),
    /** ISO 8601; the Date header, else the arrival time. */
    date: z.string(),
    seen: z.boolean(),
    flagged: z.boolean(),
    answered: z.boolean(),
    draft: z.boolean(),
    hasAttachments: z.boolean(),
    /** Up to ~200 characters of the text, for the collapsed summary line; may be empty. */
    snippet: z.string(),
  })
  .meta({ id: 'ThreadMessage' });
export type ThreadMessage = z.infer<typeof ThreadMessage>;

/** The conversation, oldest first, gathered from the folder, Inbox and Sent. */
export const ThreadResponse = z.object({ thread: z.string(), messages: z.array(ThreadMessage) });
export type ThreadResponse = z.infer<typeof ThreadResponse>;

/** GET …/messages/{uid}/source: `download=1` answers an .eml attachment instead of text for viewing. */
export const MessageSourceQuery = z.object({
  download: z
    .enum(['1', 'true', '0', 'false'])
    .optional()
    .transform((v) => v === '1' || v === 'true'),
});

/**
 * GET /proxy/image: a remote image, for the session of `userIndex`, authorised by the HMAC signature over
 * url, exp, the user index and that session's account.
 */
export const ImageProxyQuery = z.object({
  userIndex: UserIndex,
  url: z.string().min(1).max(4096),
  /** Expiry, epoch seconds. */
  exp: decimalParam(0, Number.MAX_SAFE_INTEGER),
  sig: z.string().min(1).max(128),
});
export type ImageProxyQuery = z.infer<typeof ImageProxyQuery>;
export const imageProxyPath = '/api/proxy/image';
