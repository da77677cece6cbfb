import type { Folder } from '@webmail/contracts';

/**
 * The user's order of custom folders. The server stores one list of ids and sorts
 * every level of the tree by it (system folders keep their fixed order), so a move among siblings is sent as the
 * whole list: ids left out would sort after the listed ones by name, undoing earlier moves.
 */

const isCustom = (folder: Folder) => folder.specialUse === null;

/** Every custom folder's id, parents before children, in the tree's current order. */
export function customFolderOrder(folders: readonly Folder[]): string[] {
  return folders.flatMap((folder) => [
    ...(isCustom(folder) ? [folder.id] : []),
    ...customFolderOrder(folder.children),
  ]);
}

/** The custom folders sharing this folder's level (itself included), in order; empty for an unknown id. */
export function customSiblingsOf(folders: readonly Folder[], id: string): Folder[] {
  if (folders.some((folder) => folder.id === id)) return folders.filter(isCustom);
  for (const folder of folders) {
    const found = customSiblingsOf(folder.children, id);
    if (found.length > 0) return found;
  }
  return [];
}

/**
 * The order after moving a custom folder to `toIndex` among its custom siblings (the moved folder takes the
 * target's place; the others shift). Null when nothing would change.
 */
export function moveAmongSiblings(folders: readonly Folder[], id: string, toIndex: number): string[] | null {
  const siblings = customSiblingsOf(folders, id).map((folder) => folder.id);
  const from = siblings.indexOf(id);
  const to = Math.max(0, Math.min(toIndex, siblings.length - 1));
  if (from === -1 || from === to) return null;
  const moved = [...siblings];
  moved.splice(from, 1);
  moved.splice(to, 0, id);
  // The siblings take their new sequence in their own slots of the full order; the tree sorted by that order
  // gives the list to send, in display order (parents before children).
  const order = customFolderOrder(folders);
  const moving = new Set(moved);
  let next = 0;
  const provisional = order.map((orderId) => (moving.has(orderId) ? moved[next++]! : orderId));
  return customFolderOrder(applyFolderOrder(folders, provisional));
}

/** The tree with each level's custom folders sorted by `order` (the optimistic cache patch of a reorder). */
export function applyFolderOrder(folders: readonly Folder[], order: readonly string[]): Folder[] {
  const rank = new Map(order.map((id, index) => [id, index]));
  const position = (folder: Folder) => rank.get(folder.id) ?? Number.MAX_SAFE_INTEGER;
  const fixed = folders.filter((folder) => !isCustom(folder));
  const custom = folders.filter(isCustom).sort((a, b) => position(a) - position(b));
  return [...fixed, ...custom].map((folder) =>
    folder.children.length === 0 ? folder : { ...folder, children: applyFolderOrder(folder.children, order) },
  );
}
