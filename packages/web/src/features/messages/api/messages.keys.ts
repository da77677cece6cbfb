import type { ListMode } from '@webmail/contracts';

/**
 * Query keys of the messages feature. The two list modes are separate keys: a conversation row is
 * a different object from a message row, and `total` counts threads there. `folderLists` covers both modes of one
 * folder, for patching and invalidating them together (see README.md).
 */
export const messagesKeys = {
  all: (userIndex: number) => ['messages', userIndex] as const,
  lists: (userIndex: number) => [...messagesKeys.all(userIndex), 'list'] as const,
  folderLists: (userIndex: number, mailboxId: string) =>
    [...messagesKeys.lists(userIndex), mailboxId] as const,
  list: (userIndex: number, mailboxId: string, mode: ListMode) =>
    [...messagesKeys.folderLists(userIndex, mailboxId), mode] as const,
  details: (userIndex: number) => [...messagesKeys.all(userIndex), 'detail'] as const,
  folderDetails: (userIndex: number, mailboxId: string) =>
    [...messagesKeys.details(userIndex), mailboxId] as const,
  detail: (userIndex: number, mailboxId: string, messageId: number) =>
    [...messagesKeys.folderDetails(userIndex, mailboxId), messageId] as const,
  /** The running mass action of a folder: what it does and how far it got. */
  progress: (userIndex: number, mailboxId: string) =>
    [...messagesKeys.all(userIndex), 'progress', mailboxId] as const,
  /**
   * Mutation key of every change this client makes to the user's mail (mass actions, flag changes): while one is
   * in flight, a live event that reports absolute flags or counts may predate it (`mailChangePending`).
   */
  changes: (userIndex: number) => [...messagesKeys.all(userIndex), 'change'] as const,
};
