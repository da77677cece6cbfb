import { z } from 'zod';
import { UserIndex } from './auth.js';

/** `snoozed` is no IMAP SPECIAL-USE attribute: the webmail creates that folder and remembers its role itself. */
export const specialUses = ['inbox', 'drafts', 'sent', 'trash', 'junk', 'archive', 'snoozed'] as const;
export const SpecialUse = z.enum(specialUses);
export type SpecialUse = z.infer<typeof SpecialUse>;

/** A folder of the tree. `retention` is milliseconds or null. `children` nests the tree. */
export interface Folder {
  id: string;
  name: string;
  fullName: string;
  path: string;
  parent: string | null;
  retention: number | null;
  hidden: boolean;
  systemFolder: boolean;
  specialUse: SpecialUse | null;
  optionalSpecialUseFolder: boolean;
  unseen: number;
  total: number;
  children: Folder[];
}
export const Folder: z.ZodType<Folder> = z
  .object({
    id: z.string(),
    name: z.string(),
    fullName: z.string(),
    path: z.string(),
    parent: z.string().nullable(),
    retention: z.number().int().nullable(),
    hidden: z.boolean(),
    systemFolder: z.boolean(),
    specialUse: SpecialUse.nullable(),
    optionalSpecialUseFolder: z.boolean(),
    unseen: z.number().int(),
    total: z.number().int(),
    get children() {
      return z.array(Folder);
    },
  })
  .meta({ id: 'Folder' });

/** Account storage in bytes (quota {used, allowed}); null when the server reports no quota. */
export const Quota = z.object({ used: z.number().int(), allowed: z.number().int() }).meta({ id: 'Quota' });
export type Quota = z.infer<typeof Quota>;

/** The folder tree and the account's storage quota (null when the mail server reports none). */
export const MailboxTreeResponse = z.object({
  mailboxes: z.array(Folder),
  quota: Quota.nullable(),
});
export type MailboxTreeResponse = z.infer<typeof MailboxTreeResponse>;

export const folderNameMaxLength = 255;
/** The folder form offers automatic deletion after 30, 60, 90 or 180 days (in ms). */
export const folderRetentionDays = [30, 60, 90, 180] as const;
export const dayMs = 86_400_000;
/** The API accepts any positive duration up to ten years; the form offers only the values above. */
const retentionMaxMs = 3650 * dayMs;

/** A folder name: `/` separates levels on the mail server, so one name cannot hold it. */
const FolderName = z
  .string()
  .trim()
  .max(folderNameMaxLength, `A folder name can be at most ${folderNameMaxLength} characters`)
  .refine((v) => !v.includes('/'), 'A folder name cannot contain "/"')
  // eslint-disable-next-line no-control-regex
  .refine((v) => !/[\u0000-\u001f\u007f]/.test(v), {
    message: 'A folder name cannot contain control characters',
    params: { code: 'folderNameControl' },
  });

/** Folder form: parent may be empty or null (top level); retention ms or null (off). */
const folderFields = {
  parent: z.string().max(64).nullable().optional(),
  retention: z.number().int().positive().max(retentionMaxMs).nullable().optional(),
  hidden: z.boolean().optional(),
};

export const FolderCreateBody = z
  .object({
    name: FolderName.refine((v) => v.length > 0, 'A folder name is required'),
    ...folderFields,
  })
  .strict();
export type FolderCreateBody = z.infer<typeof FolderCreateBody>;

/** Every field optional. A system folder's name may be sent empty or unchanged: only retention is editable. */
export const FolderPatchBody = z.object({ name: FolderName.optional(), ...folderFields }).strict();
export type FolderPatchBody = z.infer<typeof FolderPatchBody>;

export const FolderParams = z.object({ userIndex: UserIndex, id: z.string().min(1).max(64) });

/** The user's order of custom folders (ids); folders left out sort after the listed ones, by name. */
export const FolderOrderBody = z.object({ order: z.array(z.string().min(1).max(64)).max(10_000) }).strict();
export type FolderOrderBody = z.infer<typeof FolderOrderBody>;

export const MailboxParams = z.object({ userIndex: UserIndex, mailboxId: z.string().min(1).max(64) });

/** System folders in sidebar order, before the custom folders: Inbox, Snoozed, Drafts, Sent, Archive, Junk, Trash. */
export const systemFolderOrder: readonly SpecialUse[] = [
  'inbox',
  'snoozed',
  'drafts',
  'sent',
  'archive',
  'junk',
  'trash',
];

/** Every folder of a tree, parents before their children. */
export function flattenFolders<T extends { children: T[] }>(folders: T[]): T[] {
  return folders.flatMap((f) => [f, ...flattenFolders(f.children)]);
}
