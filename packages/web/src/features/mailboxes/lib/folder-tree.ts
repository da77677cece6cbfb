import { limits, systemFolderOrder, type Folder } from '@webmail/contracts';

/**
 * Splits the top level into system folders, in the sidebar order Inbox, Drafts, Sent, Archive, Junk, Trash,
 * and custom folders in the server's order. A folder with a special use counts as a system folder even when
 * the server marks it optional: the sidebar places it by its role.
 */
export function splitTopLevel(folders: readonly Folder[]): { system: Folder[]; custom: Folder[] } {
  const system: Folder[] = [];
  for (const use of systemFolderOrder) {
    const folder = folders.find((candidate) => candidate.specialUse === use);
    if (folder) system.push(folder);
  }
  const custom = folders.filter((folder) => !system.includes(folder));
  return { system, custom };
}

export function findFolder(folders: readonly Folder[], id: string): Folder | null {
  for (const folder of folders) {
    if (folder.id === id) return folder;
    const child = findFolder(folder.children, id);
    if (child) return child;
  }
  return null;
}

export function findInbox(folders: readonly Folder[]): Folder | null {
  for (const folder of folders) {
    if (folder.specialUse === 'inbox') return folder;
    const child = findInbox(folder.children);
    if (child) return child;
  }
  return null;
}

export interface FolderCount {
  value: number;
  kind: 'unseen' | 'total';
}

function descendantsUnseen(folder: Folder): number {
  return folder.children.reduce((sum, child) => sum + child.unseen + descendantsUnseen(child), 0);
}

/**
 * Folder counts: Trash shows none; Drafts and Snoozed show their total (what waits there); others show unseen. A collapsed parent adds
 * its descendants' unseen to its own count, so unread mail in a hidden subfolder stays visible.
 * Returns null when there is nothing to show (a zero count is not shown).
 */
export function folderCount(folder: Folder, collapsed: boolean): FolderCount | null {
  if (folder.specialUse === 'trash') return null;
  const own: FolderCount =
    folder.specialUse === 'drafts' || folder.specialUse === 'snoozed'
      ? { value: folder.total, kind: 'total' }
      : { value: folder.unseen, kind: 'unseen' };
  const value = collapsed ? own.value + descendantsUnseen(folder) : own.value;
  return value > 0 ? { value, kind: own.kind } : null;
}

/**
 * Indentation is capped at three levels, so deep trees stay readable in a narrow sidebar. Levels count
 * from the top level (depth 0 is level 1): a folder four levels deep is drawn at the third level's indent.
 */
export function indentLevel(depth: number): number {
  return Math.min(depth, limits.folderIndentCap - 1);
}

/** Hidden folders are not linked in the sidebar; a hidden folder's subfolders go with it. */
export function withoutHidden(folders: readonly Folder[]): Folder[] {
  return folders
    .filter((folder) => !folder.hidden)
    .map((folder) =>
      folder.children.length === 0 ? folder : { ...folder, children: withoutHidden(folder.children) },
    );
}

/** The id of the folder holding this one, or null for a top-level folder (or an unknown id). */
export function parentIdOf(
  folders: readonly Folder[],
  id: string,
  parentId: string | null = null,
): string | null {
  for (const folder of folders) {
    if (folder.id === id) return parentId;
    const found = parentIdOf(folder.children, id, folder.id);
    if (found !== null) return found;
  }
  return null;
}

export interface FolderOption {
  folder: Folder;
  depth: number;
}

/**
 * The folder form's parent choices, in sidebar order: every folder that is not hidden, except the edited
 * folder and its descendants (a folder cannot move into itself). Subfolders of a hidden folder are left out
 * with it: the user cannot see where they would land.
 */
export function parentOptions(folders: readonly Folder[], editedId: string | null): FolderOption[] {
  const walk = (level: readonly Folder[], depth: number): FolderOption[] =>
    level
      .filter((folder) => !folder.hidden && folder.id !== editedId)
      .flatMap((folder) => [{ folder, depth }, ...walk(folder.children, depth + 1)]);
  const { system, custom } = splitTopLevel(folders);
  return walk([...system, ...custom], 0);
}
