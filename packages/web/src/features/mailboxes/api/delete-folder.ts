import { useMutation, useQueryClient } from '@tanstack/react-query';
import { OkResponse } from '@webmail/contracts';
import { apiRequest } from '../../../shared/api/api-client';
import { mailboxesKeys } from './mailboxes.keys';

/** DELETE /api/u/{i}/mailbox/folders/{id}: the folder, its messages and its subfolders (spec §7). */
export function deleteFolder(userIndex: number, id: string) {
  return apiRequest(`/u/${userIndex}/mailbox/folders/${encodeURIComponent(id)}`, {
    method: 'DELETE',
    schema: OkResponse,
  });
}

/** Not optimistic: the messages go with the folder, so the list changes only once the server has done it. */
export function useDeleteFolder(userIndex: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => deleteFolder(userIndex, id),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: mailboxesKeys.tree(userIndex) }),
  });
}
