import { z } from 'zod';
import { ImapUid } from './common.js';

/** Mass-action request. `messageId: '*'` means every message in that folder. */
export const massActionNames = [
  'flagged',
  'unflag',
  'seen',
  'unseen',
  'move',
  'trash',
  'archive',
  'spam',
  'notspam',
  'delete',
] as const;
export const MassActionName = z.enum(massActionNames);
export type MassActionName = z.infer<typeof MassActionName>;

export const MassActionMessageRef = z
  .object({
    /** IMAP UID in `mailboxId`, or '*' for the whole folder. */
    messageId: z.union([z.literal('*'), ImapUid]),
    mailboxId: z.string().min(1).max(64),
    threadId: z.string().max(128).nullable().optional(),
  })
  .strict();
export type MassActionMessageRef = z.infer<typeof MassActionMessageRef>;

export const MassActionRequest = z
  .object({
    context: z.enum(['mailbox', 'searchAll']),
    /** Empty is answered 422 'noMessagesSelected' by the server, not by the schema. */
    messages: z.array(MassActionMessageRef).max(20_000),
    action: MassActionName,
    /** Folder id; required for `move`. */
    moveToTarget: z.string().min(1).max(64).nullable().optional(),
    hideSnackbar: z.boolean().optional(),
    /** The search of a `searchAll` request (not served yet). */
    search: z.string().max(2000).nullable().optional(),
  })
  .strict()
  .refine((v) => v.action !== 'move' || !!v.moveToTarget, {
    path: ['moveToTarget'],
    message: 'A target folder is required to move messages',
  });
export type MassActionRequest = z.infer<typeof MassActionRequest>;

/**
 * UID sets are IMAP sequence sets of UIDs, ascending and compressed (`1:500,502`). In `uidMap` the n-th
 * UID of `source` became the n-th UID of `destination` (UIDPLUS COPYUID), so a client can patch caches and
 * undo a move by moving `destination` back.
 */
export const MassActionFolderResult = z.object({
  mailboxId: z.string(),
  /** Messages addressed in this folder that still existed. */
  total: z.number().int(),
  handled: z.number().int(),
  handledUidSet: z.string(),
  /**
   * The UIDs whose state this action changed: for flag actions only those that lacked (or had) the flag
   * before, so undo restores exactly the earlier state; for moves and deletes the same as `handledUidSet`.
   */
  changedUidSet: z.string(),
});
export const MassActionMove = z.object({
  from: z.string(),
  to: z.string(),
  uidMap: z.object({ source: z.string(), destination: z.string() }).nullable(),
});
export const MassActionResponse = z
  .object({
    action: MassActionName,
    total: z.number().int(),
    handled: z.number().int(),
    folders: z.array(MassActionFolderResult),
    moved: z.array(MassActionMove),
  })
  .meta({ id: 'MassActionResponse' });
export type MassActionResponse = z.infer<typeof MassActionResponse>;
