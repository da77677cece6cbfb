import { useMutation, useQueryClient } from '@tanstack/react-query';
import { contactsEndpoints, type ContactMassAction } from '@webmail/contracts';
import { callApi } from '../../../shared/api/call-api';
import { refreshContacts } from './contacts.cache';

/** POST /contacts/massAction: delete, move to a book, add to or remove from a group. */
export function useContactsMassAction(userIndex: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ContactMassAction) =>
      callApi(contactsEndpoints.massAction, { params: { userIndex }, body }),
    onSuccess: () => refreshContacts(queryClient, userIndex),
  });
}
