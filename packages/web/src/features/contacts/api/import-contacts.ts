import { useMutation, useQueryClient } from '@tanstack/react-query';
import { contactsEndpoints } from '@webmail/contracts';
import { callApi } from '../../../shared/api/call-api';
import { refreshContacts } from './contacts.cache';

/** POST /contacts/import (multipart: addressBookId, type, userImportName, contactImport); no time limit. */
export function useImportContacts(userIndex: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (form: FormData) =>
      callApi(contactsEndpoints.importContacts, { params: { userIndex }, body: form }),
    meta: { errorSnackbar: false },
    onSettled: () => refreshContacts(queryClient, userIndex),
  });
}
