import type { QueryClient } from '@tanstack/react-query';
import { mailboxTreeQueryOptions } from '../../features/mailboxes/api/get-mailbox-tree';
import { userDetailsQueryOptions } from '../../features/settings/api/get-user-details';
import { userConfigQueryOptions } from '../../features/settings/api/user-config';

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
