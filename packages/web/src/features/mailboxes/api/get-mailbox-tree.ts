import { queryOptions, useQuery } from '@tanstack/react-query';
import { mailboxesEndpoints, type Folder } from '@webmail/contracts';
import { callApi } from '../../../shared/api/call-api';
import { findFolder, findInbox } from '../lib/folder-tree';
import { mailboxesKeys } from './mailboxes.keys';

/** GET /api/u/{i}/mailbox: the folder tree with counts. */
export function mailboxTreeQueryOptions(userIndex: number) {
  return queryOptions({
    queryKey: mailboxesKeys.tree(userIndex),
    queryFn: ({ signal }) => callApi(mailboxesEndpoints.tree, { params: { userIndex } }, { signal }),
  });
}

export function useMailboxTree(userIndex: number) {
  return useQuery({ ...mailboxTreeQueryOptions(userIndex), select: (response) => response.mailboxes });
}

/** One folder of the tree; `data` is undefined while loading and null when the id is unknown. */
export function useFolder(userIndex: number, mailboxId: string) {
  return useQuery({
    ...mailboxTreeQueryOptions(userIndex),
    select: (response): Folder | null => findFolder(response.mailboxes, mailboxId),
  });
}

/** The inbox (the folder whose special use is inbox); null when the account has none. */
export function useInboxFolder(userIndex: number) {
  return useQuery({
    ...mailboxTreeQueryOptions(userIndex),
    select: (response): Folder | null => findInbox(response.mailboxes),
  });
}

/** The account's storage use from the tree response; null when the mail server reports no quota. */
export function useMailboxQuota(userIndex: number) {
  return useQuery({ ...mailboxTreeQueryOptions(userIndex), select: (response) => response.quota });
}
