import { z } from 'zod';
import { Address, decimalParam, ImapPartNumber, imapNumberMax, ImapUidParam } from './common.js';
import { MailboxParams } from './mailboxes.js';
import { ExternalContentMode, RemoteContentState } from './external-content.js';
import { ListUnsubscribe } from './unsubscribe.js';

export const listModes = ['messages', 'conversations'] as const;
export const ListMode = z.enum(listModes);
export type ListMode = z.infer<typeof ListMode>;

/**
 * What a list is ordered by: the message's own time (its Date header, else its arrival — RFC 5256 `DATE`), the
 * sender, the subject (without Re:/Fwd:) or the size.
 */
export const listSortFields = ['date', 'from', 'subject', 'size'] as const;
export const ListSortField = z.enum(listSortFields);
export type ListSortField = z.infer<typeof ListSortField>;
export const sortOrders = ['desc', 'asc'] as const;
export const SortOrder = z.enum(sortOrders);
export type SortOrder = z.infer<typeof SortOrder>;

/** A list's order; newest first unless the user chose another (remembered in the configuration store). */
export const ListSort = z.object({ field: ListSortField, order: SortOrder });
export type ListSort = z.infer<typeof ListSort>;
export const defaultListSort: ListSort = { field: 'date', order: 'desc' };

export const MessageListQuery = z.object({
  offset: decimalParam(0, imapNumberMax).default(0),
  limit: decimalParam(1, 200).default(50),
  /** `conversations`: one row per thread of this folder (its newest message), `total` counts threads. */
  mode: ListMode.default('messages'),
  /** The order (`date` and `desc` = newest first by the Date header). */
  sort: ListSortField.default('date'),
  order: SortOrder.default('desc'),
});

/** Someone who wrote in a conversation: a row names them as mail clients do ("Bob, me (3)"). */
export const ConversationParticipant = z.object({
  name: z.string(),
  address: z.string(),
  /** One of their messages in the conversation is unread (shown in bold). */
  unseen: z.boolean(),
  /** The signed-in user (named "me" in the user's language). */
  self: z.boolean(),
});
export type ConversationParticipant = z.infer<typeof ConversationParticipant>;

/** How many messages of a long conversation name its participants: its first one and the latest ones. */
export const participantMessagesMax = 25;

/** In conversation mode: the thread's messages in this folder (the row itself is the newest one). */
export const ConversationInfo = z.object({
  count: z.number().int(),
  unseen: z.number().int(),
  /** UIDs in this folder, newest first; mass actions on a conversation act on all of them. */
  uids: z.array(z.number().int()),
  /**
   * The senders, each once, in the order they first wrote (oldest first); of a long conversation only those of its
   * first message and its latest ones (`participantMessagesMax`). Absent where the list does not name them
   * (search results).
   */
  participants: z.array(ConversationParticipant).optional(),
});
export type ConversationInfo = z.infer<typeof ConversationInfo>;

export const MessageSummary = z
  .object({
    /** IMAP UID in the folder. */
    id: z.number().int(),
    mailbox: z.string(),
    thread: z.string(),
    from: Address.nullable(),
    to: z.array(Address),
    subject: z.string(),
    /** ISO 8601; the Date header, else the arrival time. */
    date: z.string(),
    size: z.number().int(),
    seen: z.boolean(),
    flagged: z.boolean(),
    answered: z.boolean(),
    draft: z.boolean(),
    hasAttachments: z.boolean(),
    /** The start of the body as plain text, quotes left out (IMAP PREVIEW); absent when the server has none. */
    preview: z.string().optional(),
    /** Present in conversation mode only. */
    conversation: ConversationInfo.optional(),
  })
  .meta({ id: 'MessageSummary' });
export type MessageSummary = z.infer<typeof MessageSummary>;

export const MessageListResponse = z.object({
  total: z.number().int(),
  offset: z.number().int(),
  messages: z.array(MessageSummary),
});
export type MessageListResponse = z.infer<typeof MessageListResponse>;

export const MessageParams = MailboxParams.extend({ messageId: ImapUidParam });
export const AttachmentParams = MessageParams.extend({ attachmentId: ImapPartNumber });

/** Attachment: disposition, contentType, related, plus what a list needs to show and fetch it. */
export const Attachment = z.object({
  /** IMAP body part number, e.g. "2" or "1.2". */
  id: z.string(),
  filename: z.string(),
  contentType: z.string(),
  size: z.number().int(),
  disposition: z.enum(['attachment', 'inline']),
  related: z.boolean(),
  contentId: z.string().nullable(),
});
export type Attachment = z.infer<typeof Attachment>;

/**
 * A message enclosed in the one opened (message/rfc822: forwarded inline, a digest's entries, a bounce's original),
 * shown after its body with its own headers. `html` is sanitized like the message's own, under the same
 * remote-content decision; its attachments are listed with the message's.
 */
export const EnclosedMessage = z
  .object({
    /** IMAP body part number of the enclosed message (its .eml is an attachment of that id). */
    part: z.string(),
    from: Address.nullable(),
    to: z.array(Address),
    cc: z.array(Address),
    /** ISO 8601, or null when it has no readable Date. */
    date: z.string().nullable(),
    subject: z.string(),
    html: z.string().nullable(),
    text: z.string().nullable(),
  })
  .meta({ id: 'EnclosedMessage' });
export type EnclosedMessage = z.infer<typeof EnclosedMessage>;

export const MessageDetail = z
  .object({
    id: z.number().int(),
    mailbox: z.string(),
    thread: z.string(),
    messageId: z.string().nullable(),
    subject: z.string(),
    from: Address.nullable(),
    sender: Address.nullable(),
    replyTo: z.array(Address),
    to: z.array(Address),
    cc: z.array(Address),
    bcc: z.array(Address),
    /**
     * The mailing list's identifier from `List-Id` (the part inside `<…>`, else the whole value), for "filter
     * messages like this"; null without one. Optional only for older client fixtures.
     */
    listId: z.string().nullable().optional(),
    /** How to leave the list (`List-Unsubscribe`), best way first; null without one. Optional for older fixtures. */
    unsubscribe: ListUnsubscribe.nullable().optional(),
    date: z.string(),
    size: z.number().int(),
    seen: z.boolean(),
    flagged: z.boolean(),
    answered: z.boolean(),
    /** Sanitized HTML (no scripts, remote content blocked) or null for a plain-text message. */
    html: z.string().nullable(),
    text: z.string().nullable(),
    /** True when remote images or styles were removed from `html`. */
    remoteContentBlocked: z.boolean(),
    /**
     * The server always sends these two (optional only for older client fixtures): whether `html` has no
     * remote content, holds it back or shows it through the image proxy, and the user's external-content
     * mode (`never`: show no bar).
     */
    remoteContent: RemoteContentState.optional(),
    externalContentMode: ExternalContentMode.optional(),
    attachments: z.array(Attachment),
    /** Enclosed messages shown inline, in order; the server always sends it (optional for older fixtures). */
    enclosed: z.array(EnclosedMessage).optional(),
  })
  .meta({ id: 'MessageDetail' });
export type MessageDetail = z.infer<typeof MessageDetail>;

export const MessageFlagsPatch = z
  .object({ seen: z.boolean().optional(), flagged: z.boolean().optional() })
  .strict()
  .refine((v) => v.seen !== undefined || v.flagged !== undefined, { message: 'Nothing to change' });
export const MessageFlagsResponse = z.object({ seen: z.boolean(), flagged: z.boolean() });
