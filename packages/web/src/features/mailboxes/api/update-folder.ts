import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Folder, type FolderPatchBody } from '@webmail/contracts';
import { apiRequest } from '../../../shared/api/api-client';
import { mailboxesKeys } from './mailboxes.keys';

export interface UpdateFolderVariables {
  id: string;
  body: FolderPatchBody;
}

/** PATCH /api/u/{i}/mailbox/folders/{id} with the changed fields only → the folder (spec §7). */
export function updateFolder(userIndex: number, { id, body }: UpdateFolderVariables) {
  return apiRequest(`/u/${userIndex}/mailbox/folders/${encodeURIComponent(id)}`, {
    method: 'PATCH',
    body,
    schema: Folder,
  });
}

/**
 * `errorSnackbar: false` where the caller shows the failure itself (the folder form, spec §8); a quick action
 * such as hide/show keeps the request-failed snackbar with Retry.
 */
export function useUpdateFolder(userIndex: number, { errorSnackbar = true } = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (variables: UpdateFolderVariables) => updateFolder(userIndex, variables),
    meta: { errorSnackbar },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: mailboxesKeys.tree(userIndex) }),
  });
}
