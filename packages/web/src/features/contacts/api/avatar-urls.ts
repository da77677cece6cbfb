import { contactsEndpoints } from '@webmail/contracts';
import { endpointUrl } from '../../../shared/api/call-api';

/** The image of a contact's or group's avatar; `version` (its ETag) makes a changed image a new URL. */
export function contactAvatarUrl(userIndex: number, id: string, version: string): string {
  return endpointUrl(contactsEndpoints.contactAvatar, { userIndex, id }, { v: version });
}

export function groupAvatarUrl(userIndex: number, id: string, version: string): string {
  return endpointUrl(contactsEndpoints.groupAvatar, { userIndex, id }, { v: version });
}
