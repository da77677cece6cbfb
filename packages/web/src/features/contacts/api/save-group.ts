import { useMutation, useQueryClient } from '@tanstack/react-query';
import { contactsEndpoints } from '@webmail/contracts';
import { callApi } from '../../../shared/api/call-api';
import { refreshContacts } from './contacts.cache';

/** POST /contacts/groups or PATCH /contacts/groups/{id} (as POST with the override), multipart. */
export function useSaveGroup(userIndex: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, form }: { id: string | null; form: FormData }) =>
      id
        ? callApi(contactsEndpoints.updateGroup, { params: { userIndex, id }, body: form })
        : callApi(contactsEndpoints.createGroup, { params: { userIndex }, body: form }),
    meta: { errorSnackbar: false },
    onSuccess: () => refreshContacts(queryClient, userIndex),
  });
}
