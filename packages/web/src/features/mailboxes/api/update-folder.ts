import { useMutation, useQueryClient } from '@tanstack/react-query';
import { mailboxesEndpoints, type FolderPatchBody } from '@webmail/contracts';
import { callApi } from '../../../shared/api/call-api';
import { refreshTree } from './mailboxes.cache';

export interface UpdateFolderVariables {
  id: string;
  body: FolderPatchBody;
}

/** PATCH /api/u/{i}/mailbox/folders/{id} with the changed fields only → the folder. */
export function updateFolder(userIndex: number, { id, body }: UpdateFolderVariables) {
  return callApi(mailboxesEndpoints.updateFolder, { params: { userIndex, id }, body });
}

/**
 * `errorSnackbar: false` where the caller shows the failure itself (the folder form); a quick action
 * such as hide/show keeps the request-failed snackbar with Retry.
 */
export function useUpdateFolder(userIndex: number, { errorSnackbar = true } = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (variables: UpdateFolderVariables) => updateFolder(userIndex, variables),
    meta: { errorSnackbar },
    onSuccess: () => refreshTree(queryClient, userIndex),
  });
}
