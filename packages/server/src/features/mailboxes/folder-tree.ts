import type { ListResponse } from 'imapflow';
import { systemFolderOrder, type Folder, type SpecialUse } from '@webmail/contracts';

const specialUseByFlag: Record<string, SpecialUse> = {
  '\\Inbox': 'inbox',
  '\\Drafts': 'drafts',
  '\\Sent': 'sent',
  '\\Trash': 'trash',
  '\\Junk': 'junk',
  '\\Archive': 'archive',
};

/** Folders a server may lack; the UI offers to create or choose them instead of assuming them. */
const optionalSpecialUses = new Set<SpecialUse>(['archive', 'junk']);

/**
 * Builds the folder tree from IMAP LIST (+ STATUS) entries. System folders come first in the sidebar
 * order, custom folders by name; children nest under their parent path.
 */
export function buildFolderTree(entries: ListResponse[], ids: Map<string, string>): Folder[] {
  const byPath = new Map<string, Folder>();
  for (const entry of entries) {
    if (entry.flags.has('\\NonExistent')) continue;
    const specialUse = entry.specialUse ? (specialUseByFlag[entry.specialUse] ?? null) : null;
    byPath.set(entry.path, {
      id: ids.get(entry.path) ?? entry.path,
      name: specialUse === 'inbox' ? 'INBOX' : entry.name,
      fullName: entry.path,
      path: entry.path,
      parent: entry.parentPath ? (ids.get(entry.parentPath) ?? null) : null,
      retention: null,
      hidden: false,
      systemFolder: specialUse !== null,
      specialUse,
      optionalSpecialUseFolder: specialUse !== null && optionalSpecialUses.has(specialUse),
      unseen: entry.status?.unseen ?? 0,
      total: entry.status?.messages ?? 0,
      children: [],
    });
  }
  const roots: Folder[] = [];
  for (const entry of entries) {
    const folder = byPath.get(entry.path);
    if (!folder) continue;
    const parent = entry.parentPath ? byPath.get(entry.parentPath) : undefined;
    if (parent) parent.children.push(folder);
    else roots.push(folder);
  }
  sortFolders(roots);
  return roots;
}

function rank(folder: Folder): number {
  const index = folder.specialUse ? systemFolderOrder.indexOf(folder.specialUse) : -1;
  return index === -1 ? systemFolderOrder.length : index;
}

function sortFolders(folders: Folder[]): void {
  folders.sort((a, b) => rank(a) - rank(b) || a.name.localeCompare(b.name));
  for (const f of folders) sortFolders(f.children);
}
