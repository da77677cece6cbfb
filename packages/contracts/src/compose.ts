import { z } from 'zod';
import { multiLine, singleLine } from './text-fields.js';
import { UserIndex } from './auth.js';
import { decimalParam, EmailAddress, ImapPartNumber, ImapUid, ImapUidParam } from './common.js';

/** Composer limits and the recent-party query rule, written once for the composer and the server. */
export const composeLimits = {
  /** One attachment, decoded bytes. */
  attachmentMaxBytes: 20_971_520,
  /** The whole message: bodies plus attachments, decoded bytes (transfer encoding adds ~37 % on the wire). */
  messageMaxBytes: 26_214_400,
  /** An inline (cid:) image, decoded bytes. */
  inlineImageMaxBytes: 512_000,
  disallowedInlineTypes: ['image/tiff'] as readonly string[],
  recipientsMax: 400,
  subjectMaxLength: 900,
  /** A recipient's display name. */
  nameMaxLength: 256,
  attachmentsMax: 100,
  recentPartyQueryMax: 255,
  recentPartiesDefaultLimit: 10,
  recipientSearchDebounceMs: 250,
  recipientSearchMaxWaitMs: 1000,
  /** Undo send: the default delay, 0 disables it. */
  undoSendDefaultSeconds: 10,
  undoSendMaxSeconds: 60,
} as const;

export const invalidEmailMessage = 'Invalid email format';

/** E-mail check (valid address, TLD list not checked, at most 256 characters). */
export function isValidEmail(value: string): boolean {
  return EmailAddress.safeParse(value).success;
}

/** Draft states: what the composer shows, and what one save returned (`validationError` is a 422 answer). */
export const draftStates = ['saving', 'saved', 'sending', 'notSaved', 'notEdited'] as const;
export const DraftState = z.enum(draftStates);
export type DraftState = z.infer<typeof DraftState>;
export const saveResults = ['skipped', 'saved', 'validationError', 'nothingToSave'] as const;
export const SaveResult = z.enum(saveResults);
export type SaveResult = z.infer<typeof SaveResult>;

/** A recipient (an address chip in the composer) that passed the e-mail check. */
export const Recipient = z
  .object({
    name: singleLine(
      z.string().max(composeLimits.nameMaxLength, 'A name can be at most 256 characters'),
    ).default(''),
    address: z
      .string()
      .trim()
      .max(256, 'An e-mail address can be at most 256 characters')
      .refine(isValidEmail, invalidEmailMessage),
  })
  .strict();
export type Recipient = z.infer<typeof Recipient>;
export const recipientTypes = ['to', 'cc', 'bcc'] as const;
export type RecipientType = (typeof recipientTypes)[number];

/** A client-generated UUID, stable across every save of one draft. */
export const DraftId = z.uuid();
/** An RFC 5322 msg-id with its angle brackets. */
const MsgId = singleLine(
  z
    .string()
    .max(998)
    .regex(/^<[^<>\s]+>$/, 'A message id looks like <id@domain>'),
);

const attachmentMeta = {
  filename: z.string().min(1).max(255),
  contentType: z.string().min(1).max(255),
  /** Decoded bytes. */
  size: z.number().int().min(0),
  /** An inline image referenced from the HTML as `cid:{contentId}`. */
  inline: z.boolean().default(false),
  contentId: z.string().max(255).nullable().default(null),
};

/** A file uploaded with POST /compose/attachments; the upload answer is exactly this object. */
export const UploadAttachment = z
  .object({
    type: z.literal('upload'),
    id: z.string().min(1).max(64),
    ...attachmentMeta,
  })
  .strict();
export type UploadAttachment = z.infer<typeof UploadAttachment>;
/** One part of a message in a folder (forward keeps the original's attachments without re-uploading). */
export const MessagePartAttachment = z
  .object({
    type: z.literal('messagePart'),
    mailboxId: z.string().min(1).max(64),
    messageId: ImapUid,
    /** IMAP body part number. */
    part: ImapPartNumber,
    ...attachmentMeta,
  })
  .strict();
/** A whole message attached as a `.eml` file (message/rfc822): "forward as attachment". */
export const MessageAttachment = z
  .object({
    type: z.literal('message'),
    mailboxId: z.string().min(1).max(64),
    messageId: ImapUid,
    ...attachmentMeta,
  })
  .strict();
export const DraftAttachment = z.discriminatedUnion('type', [
  UploadAttachment,
  MessagePartAttachment,
  MessageAttachment,
]);
export type DraftAttachment = z.infer<typeof DraftAttachment>;

const recipientList = z.array(Recipient).max(composeLimits.recipientsMax).default([]);

/** The composer's content, without its id (the id is in the path or next to it). */
export const DraftContentFields = z
  .object({
    /** null = the account's own address. Other addresses arrive with verified outgoing addresses. */
    from: Recipient.nullable().default(null),
    to: recipientList,
    cc: recipientList,
    bcc: recipientList,
    subject: singleLine(
      z
        .string()
        .max(
          composeLimits.subjectMaxLength,
          `The subject can be at most ${composeLimits.subjectMaxLength} characters`,
        ),
    ).default(''),
    /** The rich-text body; ignored in plain-text mode. Inline images are `cid:` references or data: URLs. */
    html: multiLine(z.string().max(composeLimits.messageMaxBytes)).nullable().default(null),
    /** The plain-text body in plain-text mode. With HTML the server generates the text alternative itself. */
    text: multiLine(z.string().max(composeLimits.messageMaxBytes)).default(''),
    plainText: z.boolean().default(false),
    inReplyTo: MsgId.nullable().default(null),
    references: z.array(MsgId).max(100).default([]),
    attachments: z.array(DraftAttachment).max(composeLimits.attachmentsMax).default([]),
  })
  .strict();

/** At most 400 recipients in To, Cc and Bcc together (reported on the `recipients` field). */
export const DraftContent = DraftContentFields.superRefine((draft, ctx) => {
  const total = draft.to.length + draft.cc.length + draft.bcc.length;
  if (total > composeLimits.recipientsMax) {
    ctx.addIssue({
      code: 'custom',
      path: ['recipients'],
      message: `At most ${composeLimits.recipientsMax} recipients are allowed (this draft has ${total})`,
    });
  }
});
export type DraftContent = z.infer<typeof DraftContent>;
export type DraftContentInput = z.input<typeof DraftContent>;

export const ComposeParams = z.object({ userIndex: UserIndex });
export const DraftParams = ComposeParams.extend({ draftId: DraftId });

export const DraftSaveRequest = z
  .object({
    /** Optional, increasing per save of one draft: a save older than the stored one is `skipped`. */
    revision: z.number().int().min(0).optional(),
    draft: DraftContent,
  })
  .strict();
export type DraftSaveRequest = z.input<typeof DraftSaveRequest>;

export const DraftSaveResponse = z
  .object({
    result: z.enum(['skipped', 'saved', 'nothingToSave']),
    draftId: DraftId,
    /** Where the draft now is (the Drafts folder id and UID), null when nothing is stored. */
    mailboxId: z.string().nullable(),
    uid: z.number().int().nullable(),
    revision: z.number().int().nullable(),
    savedAt: z.iso.datetime().nullable(),
  })
  .meta({ id: 'DraftSaveResponse' });
export type DraftSaveResponse = z.infer<typeof DraftSaveResponse>;

/** A draft read back from the Drafts folder; its attachments are uploads again, ready to send. */
export const ResumedDraft = z
  .object({
    draftId: DraftId,
    mailboxId: z.string(),
    uid: z.number().int(),
    revision: z.number().int().nullable(),
    draft: DraftContentFields,
  })
  .meta({ id: 'ResumedDraft' });
export type ResumedDraft = z.infer<typeof ResumedDraft>;

export const UploadQuery = z.object({
  /** Ties the upload to a draft (removed with it; counted towards the draft's size). */
  draftId: DraftId.optional(),
  /** An inline image for the HTML body (at most 512,000 bytes, never image/tiff). */
  inline: z.stringbool().default(false),
});
export const AttachmentIdParams = ComposeParams.extend({ attachmentId: z.string().min(1).max(64) });

/** Recent party: someone the user wrote to or received mail from. */
export const RecentParty = z
  .object({ id: z.string(), name: z.string(), address: z.string() })
  .meta({ id: 'RecentParty' });
export type RecentParty = z.infer<typeof RecentParty>;
/** An empty query or one over 255 characters is skipped (answered with an empty list, not 422). */
export const RecentPartiesQuery = z.object({
  query: z.string().max(10_000).default(''),
  limit: decimalParam(1, 50).default(composeLimits.recentPartiesDefaultLimit),
});
export const RecentPartiesResponse = z.object({ recentParties: z.array(RecentParty) });
export type RecentPartiesResponse = z.infer<typeof RecentPartiesResponse>;

export const replyModes = ['reply', 'replyAll', 'forward', 'forwardAsAttachment'] as const;
export const ReplyMode = z.enum(replyModes);
export type ReplyMode = z.infer<typeof ReplyMode>;
export const ReplyParams = ComposeParams.extend({
  mailboxId: z.string().min(1).max(64),
  messageId: ImapUidParam,
});
export const ReplyQuery = z.object({
  mode: ReplyMode.default('reply'),
  /** IANA time zone for the attribution line's date; UTC when absent or unknown. */
  tz: z.string().max(64).optional(),
});
/** A pre-filled draft for reply, reply all or forward; the client gives it a new draftId. */
export const ReplyPrefill = z.object({ draft: DraftContentFields }).meta({ id: 'ReplyPrefill' });
export type ReplyPrefill = z.infer<typeof ReplyPrefill>;
