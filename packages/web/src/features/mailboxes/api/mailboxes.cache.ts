import type { QueryClient } from '@tanstack/react-query';
import { flattenFolders, type Folder, type MailboxTreeResponse, type SpecialUse } from '@webmail/contracts';
import { staleQuery, type FeatureEventHandlers } from '../../../shared/api/event-handlers';
import { applyFolderOrder } from '../lib/folder-order';
import { findFolder } from '../lib/folder-tree';
import { mailboxesKeys } from './mailboxes.keys';

/**
 * The one owner of the cached folder tree (`mailboxesKeys.tree`). Everything that changes it goes through here:
 * this feature's mutations, the messages feature's flag changes and mass actions (counts), the cross-tab change
 * sync, and the live events. Pure functions over the tree, and small steps over the query client that
 * hand back what undoes them.
 */

/** A change of one folder's counts: shifted by `unseen` / `total`, or `set` to an exact value. */
export interface CountShift {
  mailboxId: string;
  unseen?: number;
  total?: number;
  /** Set the counts instead of shifting them ('*' actions know the end state exactly). */
  set?: { unseen?: number; total?: number };
}

/** Puts back what a patch changed (the tree as it was before it). */
export type Restore = () => void;

export function findTreeFolder(tree: MailboxTreeResponse | undefined, id: string): Folder | undefined {
  return tree ? (findFolder(tree.mailboxes, id) ?? undefined) : undefined;
}

/** The id of the account's folder with this special use (Trash, Archive, Junk, Inbox …), if it has one. */
export function specialUseFolderId(
  tree: MailboxTreeResponse | undefined,
  use: SpecialUse,
): string | undefined {
  return tree ? flattenFolders(tree.mailboxes).find((folder) => folder.specialUse === use)?.id : undefined;
}

function shiftFolders(folders: readonly Folder[], shifts: readonly CountShift[]): Folder[] {
  return folders.map((folder) => {
    const children = folder.children.length > 0 ? shiftFolders(folder.children, shifts) : folder.children;
    const mine = shifts.filter((shift) => shift.mailboxId === folder.id);
    if (mine.length === 0 && children === folder.children) return folder;
    let { unseen, total } = folder;
    for (const shift of mine) {
      unseen = shift.set?.unseen ?? unseen + (shift.unseen ?? 0);
      total = shift.set?.total ?? total + (shift.total ?? 0);
    }
    total = Math.max(0, total);
    return { ...folder, unseen: Math.min(Math.max(0, unseen), total), total, children };
  });
}

/** The tree with folder counts shifted (never below zero, unseen never above total). */
export function shiftCounts(
  tree: MailboxTreeResponse | undefined,
  shifts: readonly CountShift[],
): MailboxTreeResponse | undefined {
  if (!tree || shifts.length === 0) return tree;
  return { ...tree, mailboxes: shiftFolders(tree.mailboxes, shifts) };
}

export function cachedTree(queryClient: QueryClient, userIndex: number): MailboxTreeResponse | undefined {
  return queryClient.getQueryData<MailboxTreeResponse>(mailboxesKeys.tree(userIndex));
}

/** Stops a running fetch of the tree: an answer from before a patch would overwrite it. */
export function cancelTreeFetch(queryClient: QueryClient, userIndex: number): Promise<void> {
  return queryClient.cancelQueries({ queryKey: mailboxesKeys.tree(userIndex) });
}

/** Replaces the cached tree with `update(tree)`; returns the step that puts the old tree back. */
function patchTree(
  queryClient: QueryClient,
  userIndex: number,
  update: (tree: MailboxTreeResponse) => MailboxTreeResponse | undefined,
): Restore {
  const key = mailboxesKeys.tree(userIndex);
  const before = queryClient.getQueryData<MailboxTreeResponse>(key);
  if (!before) return () => {};
  queryClient.setQueryData(key, update(before));
  return () => queryClient.setQueryData(key, before);
}

/** Applies count changes at once (an optimistic mail action); the server's counts come with `refreshTree`. */
export function shiftTreeCounts(
  queryClient: QueryClient,
  userIndex: number,
  shifts: readonly CountShift[],
): Restore {
  return patchTree(queryClient, userIndex, (tree) => shiftCounts(tree, shifts));
}

/** Shifts one folder's unseen count (a message read or marked unread); returns the undo for a failed request. */
export function adjustUnseen(
  queryClient: QueryClient,
  userIndex: number,
  mailboxId: string,
  delta: number,
): Restore {
  if (delta === 0) return () => {};
  return shiftTreeCounts(queryClient, userIndex, [{ mailboxId, unseen: delta }]);
}

/** A folder's counts as the mail server reports them (a live event). */
export interface FolderCounts {
  mailboxId: string;
  unseen: number;
  total: number;
}

/**
 * Sets folders' counts to what the mail server reports, without a request. A fetch of the tree running meanwhile
 * may answer the counts from before: it is started again. Counts the tree already shows change nothing.
 */
export function setFolderCounts(
  queryClient: QueryClient,
  userIndex: number,
  counts: readonly FolderCounts[],
): void {
  const shifts = counts.map(({ mailboxId, unseen, total }) => ({ mailboxId, set: { unseen, total } }));
  shiftTreeCounts(queryClient, userIndex, shifts);
  const key = mailboxesKeys.tree(userIndex);
  if (queryClient.getQueryState(key)?.fetchStatus === 'fetching') {
    void queryClient.invalidateQueries({ queryKey: key, exact: true });
  }
}

/** The counts that differ from what the cached tree shows (none without a tree). */
export function movedFolderCounts(
  queryClient: QueryClient,
  userIndex: number,
  counts: readonly FolderCounts[],
): FolderCounts[] {
  const tree = cachedTree(queryClient, userIndex);
  return counts.filter(({ mailboxId, unseen, total }) => {
    const folder = findTreeFolder(tree, mailboxId);
    return folder !== undefined && (folder.unseen !== unseen || folder.total !== total);
  });
}

/** Shows the custom folders in a new order at once (before the server has stored it). */
export function reorderFolders(
  queryClient: QueryClient,
  userIndex: number,
  order: readonly string[],
): Restore {
  return patchTree(queryClient, userIndex, (tree) => ({
    ...tree,
    mailboxes: applyFolderOrder(tree.mailboxes, order),
  }));
}

/** Re-reads the tree from the server: after a change settled, or when another tab changed this account's mail. */
export function refreshTree(queryClient: QueryClient, userIndex: number): Promise<void> {
  return queryClient.invalidateQueries({ queryKey: mailboxesKeys.tree(userIndex) });
}

const staleTree = staleQuery(mailboxesKeys.tree);

/** Folders created, renamed, deleted, reordered or changed on the mail server: the folder tree is read again. */
export const mailboxesEventHandlers = {
  folderCreate: staleTree,
  folderRename: staleTree,
  folderDelete: staleTree,
  folderOrder: staleTree,
  folderUpdate: staleTree,
} satisfies FeatureEventHandlers;
