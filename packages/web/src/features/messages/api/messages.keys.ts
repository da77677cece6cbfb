import { defaultListSort, type ListMode, type ListSort } from '@webmail/contracts';

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
  /**
   * A list in the default order (newest first) is `[…, mode]`, the key every cache patch addresses; another order
   * adds it (`date-asc`, `size-desc`). Those lists take patches under `folderLists` (flags, removals) but are read
   * again for new mail, which only the server can put in place.
   */
  list: (userIndex: number, mailboxId: string, mode: ListMode, sort: ListSort = defaultListSort) =>
    sort.field === defaultListSort.field && sort.order === defaultListSort.order
      ? ([...messagesKeys.folderLists(userIndex, mailboxId), mode] as const)
      : ([...messagesKeys.folderLists(userIndex, mailboxId), mode, `${sort.field}-${sort.order}`] as const),
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
