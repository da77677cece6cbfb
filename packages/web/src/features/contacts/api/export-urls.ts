import { contactsEndpoints } from '@webmail/contracts';
import { endpointUrl } from '../../../shared/api/call-api';

/** GET /contacts/export/{vcf|csv}: a download the browser makes itself (contacts.vcf, contacts.csv). */
export function contactsExportUrl(userIndex: number, format: 'vcf' | 'csv', addressBookId?: string): string {
  return endpointUrl(
    contactsEndpoints.exportContacts,
    { userIndex, format },
    addressBookId ? { addressBookId } : {},
  );
}
