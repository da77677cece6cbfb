import { useMutation, useQueryClient } from '@tanstack/react-query';
import { mailboxesEndpoints, type FolderCreateBody } from '@webmail/contracts';
import { callApi } from '../../../shared/api/call-api';
import { refreshTree } from './mailboxes.cache';

/** POST /api/u/{i}/mailbox/folders {name, parent, retention, hidden} → the new folder (spec §7). */
export function createFolder(userIndex: number, body: FolderCreateBody) {
  return callApi(mailboxesEndpoints.createFolder, { params: { userIndex }, body });
}

/** The folder form shows its own failures (spec §8), so no request-failed snackbar. */
export function useCreateFolder(userIndex: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: FolderCreateBody) => createFolder(userIndex, body),
    meta: { errorSnackbar: false },
    onSuccess: () => refreshTree(queryClient, userIndex),
  });
}
