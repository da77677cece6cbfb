import type { QueryClient } from '@tanstack/react-query';
import { mailboxTreeQueryOptions } from '../../features/mailboxes/api/get-mailbox-tree';
import { findInbox } from '../../features/mailboxes/lib/folder-tree';
import { messageListQueryOptions } from '../../features/messages/api/get-message-list';
import { userDetailsQueryOptions } from '../../features/settings/api/get-user-details';
import { userConfigQueryOptions } from '../../features/settings/api/user-config';
import { listModeOf, listSortOf } from '../../features/settings/lib/list-settings';

/**
 * Sends the requests every page of a signed-in user starts with (the folder tree, the user's details and settings)
 * through the owners' query options, so the queries of the first render find them answered or on their way. On a
 * first load the base layout renders them only after its chunks and the Inbox redirect's have loaded; the tree's
 * answer then came a second later on a phone, and the Inbox's list waited for it. Loaded with the mail area's
 * chunks (`app/preload-route-chunks.ts`), so the sign-in pages carry none of these endpoints.
 */
export function prefetchUserPagesData(queryClient: QueryClient, userIndex: number): void {
  void queryClient.prefetchQuery(mailboxTreeQueryOptions(userIndex));
  void queryClient.prefetchQuery(userDetailsQueryOptions(userIndex));
  void queryClient.prefetchQuery(userConfigQueryOptions(userIndex));
}

/**
 * On the way to the Inbox: sends the first page of its list as soon as the folder tree and the settings are in the
 * cache (the device's copy, else the answers of `prefetchUserPagesData`), instead of after the first render of the
 * layout, the Inbox redirect and the list (on a phone, the mailbox's largest paint waited for that render and then
 * for the list's answer). The key is the one the list asks for with the same data (mode and order from
 * `features/settings/lib/list-settings.ts`, as `useStoredListMode` and `useStoredListOptions` read them), so the list
 * finds the page answered or on its way. Nothing is sent without an Inbox; a failure is left to the list.
 */
export async function prefetchInboxList(queryClient: QueryClient, userIndex: number): Promise<void> {
  const [tree, config] = await Promise.all([
    queryClient.ensureQueryData(mailboxTreeQueryOptions(userIndex)),
    queryClient.ensureQueryData(userConfigQueryOptions(userIndex)).catch(() => undefined),
  ]);
  const inbox = findInbox(tree.mailboxes);
  if (!inbox) return;
  await queryClient.prefetchInfiniteQuery(
    messageListQueryOptions(userIndex, inbox.id, listModeOf(config, userIndex), listSortOf(config)),
  );
}
