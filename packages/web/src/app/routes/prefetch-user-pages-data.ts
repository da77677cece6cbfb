import type { QueryClient } from '@tanstack/react-query';
import { accountsQueryOptions } from '../../features/accounts/api/get-accounts';
import { meQueryOptions } from '../../features/auth/api/get-me';
import { autoreplyQueryOptions } from '../../features/filters/api/filters';
import { mailboxTreeQueryOptions } from '../../features/mailboxes/api/get-mailbox-tree';
import { findInbox } from '../../features/mailboxes/lib/folder-tree';
import { messageListQueryOptions } from '../../features/messages/api/get-message-list';
import { userDetailsQueryOptions } from '../../features/settings/api/get-user-details';
import { userConfigQueryOptions } from '../../features/settings/api/user-config';
import { listModeOf, listSortOf } from '../../features/settings/lib/list-settings';
import { setUserTimeZone } from '../../shared/format/format-date';
import { folderHref } from '../../shared/routing/mail-hrefs';

/**
 * Sends the requests every page of a signed-in user starts with (the folder tree, the user's details and settings;
 * the app bar's signed-in user and accounts, the auto-reply banner's state) through the owners' query options, so
 * the queries of the first render find them answered or on their way. On a first load the base layout renders them
 * only after its chunks and the Inbox redirect's have loaded: the tree's answer then came a second later on a phone,
 * the Inbox's list waited for it, and the app bar's requests, sent by the first commit's effects, were three more
 * round trips before the largest paint in Lighthouse's model. Loaded with the mail area's chunks
 * (`app/preload-route-chunks.ts`), so the sign-in pages carry none of these endpoints.
 */
export function prefetchUserPagesData(queryClient: QueryClient, userIndex: number): void {
  void queryClient.prefetchQuery(mailboxTreeQueryOptions(userIndex));
  void queryClient.prefetchQuery(userDetailsQueryOptions(userIndex));
  void queryClient.prefetchQuery(userConfigQueryOptions(userIndex));
  void queryClient.prefetchQuery(meQueryOptions(userIndex));
  void queryClient.prefetchQuery(accountsQueryOptions());
  void queryClient.prefetchQuery(autoreplyQueryOptions(userIndex));
}

/**
 * On the way to the Inbox: sends the first page of its list as soon as the folder tree and the settings are in the
 * cache (the device's copy, else the answers of `prefetchUserPagesData`), instead of after the first render of the
 * layout, the Inbox redirect and the list (on a phone, the mailbox's largest paint waited for that render and then
 * for the list's answer). The key is the one the list asks for with the same data (mode and order from
 * `features/settings/lib/list-settings.ts`, as `useStoredListMode` and `useStoredListOptions` read them), so the list
 * finds the page answered or on its way. Nothing is sent without an Inbox; a failure is left to the list.
 *
 * Answers with the Inbox's page once its first page of the list is in the cache (the app's start then shows that
 * page first, complete): at once where the device's copy has it (a fresh one replaces it when it comes, and an
 * offline start does not wait), else when the answer has come; null without an Inbox.
 */
export async function prefetchInboxList(queryClient: QueryClient, userIndex: number): Promise<string | null> {
  const [tree, config] = await Promise.all([
    queryClient.ensureQueryData(mailboxTreeQueryOptions(userIndex)),
    queryClient.ensureQueryData(userConfigQueryOptions(userIndex)).catch(() => undefined),
  ]);
  const inbox = findInbox(tree.mailboxes);
  if (!inbox) return null;
  const list = messageListQueryOptions(
    userIndex,
    inbox.id,
    listModeOf(config, userIndex),
    listSortOf(config),
  );
  const sent = queryClient.prefetchInfiniteQuery(list);
  // With the list, the user's details (sent beside the tree by the start script): where they came after the first
  // render, the layout and the list rendered again for them, and then every date for the time zone they carry.
  const detailsCame = queryClient.ensureQueryData(userDetailsQueryOptions(userIndex)).catch(() => undefined);
  if (queryClient.getQueryData(list.queryKey) === undefined) await Promise.all([sent, detailsCame]);
  // The user's time zone before the first render where the details have come (`StoredSettings` applies it too):
  // set by that component's effect, it changed the list's dates under the first commit, and React rendered the
  // list and everything showing a date once more, at once (its rule for a store that changed before it subscribed).
  const details = queryClient.getQueryData(userDetailsQueryOptions(userIndex).queryKey);
  if (details) setUserTimeZone(details.timezone);
  return folderHref(userIndex, inbox.id);
}
