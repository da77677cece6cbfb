import { useMutation, useQueryClient } from '@tanstack/react-query';
import { contactsEndpoints } from '@webmail/contracts';
import { callApi } from '../../../shared/api/call-api';
import { refreshContacts } from './contacts.cache';

/** POST /contacts (new) or PATCH /contacts/{id} (sent as POST with the override), multipart with the avatar. */
export function useSaveContact(userIndex: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, form }: { id: string | null; form: FormData }) =>
      id
        ? callApi(contactsEndpoints.updateContact, { params: { userIndex, id }, body: form })
        : callApi(contactsEndpoints.createContact, { params: { userIndex }, body: form }),
    meta: { errorSnackbar: false },
    onSuccess: () => refreshContacts(queryClient, userIndex),
  });
}
