import { useMutation, useQueryClient } from '@tanstack/react-query';
import { mailboxesEndpoints } from '@webmail/contracts';
import { callApi } from '../../../shared/api/call-api';
import { refreshTree } from './mailboxes.cache';

/** DELETE /api/u/{i}/mailbox/folders/{id}: the folder, its messages and its subfolders. */
export function deleteFolder(userIndex: number, id: string) {
  return callApi(mailboxesEndpoints.deleteFolder, { params: { userIndex, id } });
}

/** Not optimistic: the messages go with the folder, so the list changes only once the server has done it. */
export function useDeleteFolder(userIndex: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => deleteFolder(userIndex, id),
    onSuccess: () => refreshTree(queryClient, userIndex),
  });
}
