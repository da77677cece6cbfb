import { useMutation, useQueryClient } from '@tanstack/react-query';
import { contactsEndpoints } from '@webmail/contracts';
import { callApi, endpointUrl } from '../../../shared/api/call-api';
import { refreshContacts } from './contacts.cache';

/** The image of a contact's or group's avatar; `version` (its ETag) makes a changed image a new URL. */
export function contactAvatarUrl(userIndex: number, id: string, version: string): string {
  return endpointUrl(contactsEndpoints.contactAvatar, { userIndex, id }, { v: version });
}

export function groupAvatarUrl(userIndex: number, id: string, version: string): string {
  return endpointUrl(contactsEndpoints.groupAvatar, { userIndex, id }, { v: version });
}

/** GET /contacts/export/{vcf|csv}: a download the browser makes itself (contacts.vcf, contacts.csv). */
export function contactsExportUrl(userIndex: number, format: 'vcf' | 'csv', addressBookId?: string): string {
  return endpointUrl(
    contactsEndpoints.exportContacts,
    { userIndex, format },
    addressBookId ? { addressBookId } : {},
  );
}

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
