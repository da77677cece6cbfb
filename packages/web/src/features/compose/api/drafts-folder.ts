import type { QueryClient } from '@tanstack/react-query';
import { cachedTree, refreshTree, specialUseFolderId } from '../../mailboxes/api/mailboxes.cache';
import { messagesKeys } from '../../messages/api/messages.keys';

/**
 * The Drafts folder changed on the server — a draft saved (its first copy, or a new copy in place of the old), sent
 * (it leaves Drafts) or discarded: the sidebar's Drafts count and the Drafts list are read again at once, not at the
 * next reload. The live event stream may report the same counts; the tree keeps whichever answer is newer.
 */
export function refreshDraftsFolder(queryClient: QueryClient, userIndex: number): void {
  void refreshTree(queryClient, userIndex);
  const drafts = specialUseFolderId(cachedTree(queryClient, userIndex), 'drafts');
  if (drafts) void queryClient.invalidateQueries({ queryKey: messagesKeys.folderLists(userIndex, drafts) });
}
