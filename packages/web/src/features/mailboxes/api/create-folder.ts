import { useMutation, useQueryClient } from '@tanstack/react-query';
import { mailboxesEndpoints, type FolderCreateBody } from '@webmail/contracts';
import { callApi } from '../../../shared/api/call-api';
import { refreshTree } from './mailboxes.cache';

/** POST /api/u/{i}/mailbox/folders {name, parent, retention, hidden} → the new folder. */
export function createFolder(userIndex: number, body: FolderCreateBody) {
  return callApi(mailboxesEndpoints.createFolder, { params: { userIndex }, body });
}

/** The folder form shows its own failures, so no request-failed snackbar. */
export function useCreateFolder(userIndex: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: FolderCreateBody) => createFolder(userIndex, body),
    meta: { errorSnackbar: false },
    onSuccess: () => refreshTree(queryClient, userIndex),
  });
}
