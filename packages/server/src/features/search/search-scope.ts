import type { SpecialUse } from '@webmail/contracts';
import { notFound, validationError } from '../../infra/errors.js';
import type { FolderListing } from '../mailboxes/mailboxes.service.js';
import { specialUseOf } from '../../mail/imap/special-use.js';

export interface ScopeFolder {
  mailboxId: string;
  path: string;
}

/**
 * Where a search looks. `default`: every folder but Trash and Junk (and their subfolders); `anywhere`: every
 * folder (`in:anywhere`); `folder`: one folder (`in:name` or the request's folder id).
 */
export interface SearchScope {
  kind: 'default' | 'anywhere' | 'folder';
  /** The folders searched, in the listing's order. */
  folders: ScopeFolder[];
}

/** `in:` names that mean a special-use folder, whatever it is called on this server. */
const specialNames: Record<string, SpecialUse> = {
  inbox: 'inbox',
  sent: 'sent',
  drafts: 'drafts',
  trash: 'trash',
  spam: 'junk',
  junk: 'junk',
  archive: 'archive',
};

const unknownFolder = () =>
  validationError(
    { search: [{ code: 'searchFolderUnknown', message: 'There is no such folder' }] },
    'searchFolderUnknown',
  );

/**
 * The folders of a search: the query's `in:` first, then the request's folder id, else the default. An `in:`
 * value is a special-use name (inbox, sent, drafts, trash, spam/junk, archive), `anywhere`, a folder path, or a
 * folder's own name when only one folder has it (case-insensitive).
 */
export function resolveScope(
  listing: Pick<FolderListing, 'entries' | 'records' | 'delimiter'>,
  scopeText: string | null,
  mailboxId: string | undefined,
): SearchScope {
  const selectable = listing.entries.filter((e) => !e.flags.has('\\Noselect'));
  const folderOf = (path: string): ScopeFolder => ({
    mailboxId: listing.records.get(path)?.id ?? path,
    path,
  });
  if (scopeText !== null) {
    const wanted = scopeText.toLowerCase();
    if (wanted === 'anywhere') return { kind: 'anywhere', folders: selectable.map((e) => folderOf(e.path)) };
    const special = specialNames[wanted];
    const bySpecialUse = special ? selectable.find((e) => specialUseOf(e) === special) : undefined;
    const byPath = selectable.find((e) => e.path.toLowerCase() === wanted);
    const byName = selectable.filter((e) => e.name.toLowerCase() === wanted);
    const entry = bySpecialUse ?? byPath ?? (byName.length === 1 ? byName[0] : undefined);
    if (!entry) throw unknownFolder();
    return { kind: 'folder', folders: [folderOf(entry.path)] };
  }
  if (mailboxId !== undefined) {
    const entry = selectable.find((e) => listing.records.get(e.path)?.id === mailboxId);
    if (!entry) throw notFound('Folder', 'folderNotFound');
    return { kind: 'folder', folders: [folderOf(entry.path)] };
  }
  const excluded = selectable
    .filter((e) => ['trash', 'junk'].includes(specialUseOf(e) ?? ''))
    .map((e) => e.path);
  const inside = (path: string, root: string) => path === root || path.startsWith(root + listing.delimiter);
  const folders = selectable
    .filter((e) => !excluded.some((root) => inside(e.path, root)))
    .map((e) => folderOf(e.path));
  return { kind: 'default', folders };
}
