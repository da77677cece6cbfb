import { z } from 'zod';
import { UserIndex } from './auth.js';

export const specialUses = ['inbox', 'drafts', 'sent', 'trash', 'junk', 'archive'] as const;
export const SpecialUse = z.enum(specialUses);
export type SpecialUse = z.infer<typeof SpecialUse>;

/** Spec §3 Folder. `retention` is milliseconds or null. `children` nests the tree. */
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

export const MailboxTreeResponse = z.object({ mailboxes: z.array(Folder) });
export type MailboxTreeResponse = z.infer<typeof MailboxTreeResponse>;

export const MailboxParams = z.object({ userIndex: UserIndex, mailboxId: z.string().min(1).max(64) });

/** System folders in sidebar order (spec §2 layout, issue: Inbox, Drafts, Sent, Archive, Junk, Trash). */
export const systemFolderOrder: readonly SpecialUse[] = [
  'inbox',
  'drafts',
  'sent',
  'archive',
  'junk',
  'trash',
];
