import type { ListResponse } from '../../mail/mail-types.js';
import { systemFolderOrder, type Folder, type SpecialUse } from '@webmail/contracts';
import type { FolderRecord } from '../../mail/folder-ids.repository.js';
import { specialUseOf } from '../../mail/imap/special-use.js';

/** Folders a server may lack; the UI offers to create or choose them instead of assuming them. */
const optionalSpecialUses = new Set<SpecialUse>(['archive', 'junk']);

/**
 * Builds the folder tree from IMAP LIST (+ STATUS) entries. System folders come first in the sidebar
 * order, then custom folders in the user's order (webmail DB), then by name; children nest under their
 * parent path.
 */
export function buildFolderTree(entries: ListResponse[], records: Map<string, FolderRecord>): Folder[] {
  const byPath = new Map<string, Folder>();
  const sortOrder = new Map<Folder, number | null>();
  for (const entry of entries) {
    if (entry.flags.has('\\NonExistent')) continue;
    const record = records.get(entry.path);
    const specialUse = specialUseOf(entry) ?? record?.specialUse ?? null;
    const folder: Folder = {
      id: record?.id ?? entry.path,
      name: specialUse === 'inbox' ? 'INBOX' : entry.name,
      fullName: entry.path,
      path: entry.path,
      parent: entry.parentPath ? (records.get(entry.parentPath)?.id ?? null) : null,
      retention: record?.retentionMs ?? null,
      hidden: record?.hidden ?? false,
      systemFolder: specialUse !== null,
      specialUse,
      optionalSpecialUseFolder: specialUse !== null && optionalSpecialUses.has(specialUse),
      unseen: entry.status?.unseen ?? 0,
      total: entry.status?.messages ?? 0,
      children: [],
    };
    byPath.set(entry.path, folder);
    sortOrder.set(folder, record?.sortOrder ?? null);
  }
  const roots: Folder[] = [];
  for (const entry of entries) {
    const folder = byPath.get(entry.path);
    if (!folder) continue;
    const parent = entry.parentPath ? byPath.get(entry.parentPath) : undefined;
    if (parent) parent.children.push(folder);
    else roots.push(folder);
  }
  sortFolders(roots, (f) => sortOrder.get(f) ?? null);
  return roots;
}

function rank(folder: Folder): number {
  const index = folder.specialUse ? systemFolderOrder.indexOf(folder.specialUse) : -1;
  return index === -1 ? systemFolderOrder.length : index;
}

/** Ordered custom folders before unordered ones; system folders ignore the user's order. */
function orderOf(folder: Folder, order: (f: Folder) => number | null): number {
  return folder.systemFolder ? 0 : (order(folder) ?? Number.MAX_SAFE_INTEGER);
}

function sortFolders(folders: Folder[], order: (f: Folder) => number | null): void {
  folders.sort(
    (a, b) => rank(a) - rank(b) || orderOf(a, order) - orderOf(b, order) || a.name.localeCompare(b.name),
  );
  for (const f of folders) sortFolders(f.children, order);
}
