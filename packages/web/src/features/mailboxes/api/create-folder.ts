import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Folder, type FolderCreateBody } from '@webmail/contracts';
import { apiRequest } from '../../../shared/api/api-client';
import { mailboxesKeys } from './mailboxes.keys';

/** POST /api/u/{i}/mailbox/folders {name, parent, retention, hidden} → the new folder (spec §7). */
export function createFolder(userIndex: number, body: FolderCreateBody) {
  return apiRequest(`/u/${userIndex}/mailbox/folders`, { method: 'POST', body, schema: Folder });
}

/** The folder form shows its own failures (spec §8), so no request-failed snackbar. */
export function useCreateFolder(userIndex: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: FolderCreateBody) => createFolder(userIndex, body),
    meta: { errorSnackbar: false },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: mailboxesKeys.tree(userIndex) }),
  });
}
