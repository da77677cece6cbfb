import type { QueryClient } from '@tanstack/react-query';
import type { EventContext, FeatureEventHandlers } from '../../../shared/api/event-handlers';
import { contactsKeys } from './contacts.keys';

/**
 * After any change of contacts (ours or, through the event stream, another tab's or device's): every contacts
 * query of the user is re-read. Contacts are small, and a change of one (its groups, its book) shows in lists,
 * groups, address-book counts and suggestions alike, so patching each would only be a place to go wrong.
 */
export function refreshContacts(queryClient: QueryClient, userIndex: number): Promise<void> {
  return queryClient.invalidateQueries({ queryKey: contactsKeys.all(userIndex) });
}

/**
 * Contacts, address books and groups changed in another tab or device: every contacts query is re-read (a deleted
 * contact's own query is dropped first, so it is not fetched only to answer 404).
 */
const contactChanged = (_event: unknown, { queryClient, userIndex }: EventContext) =>
  void refreshContacts(queryClient, userIndex);

export const contactsEventHandlers = {
  addressbookUpdated: contactChanged,
  addressbookDeleted: contactChanged,
  contactUpdated: contactChanged,
  contactDeleted: ({ id }, context) => {
    context.queryClient.removeQueries({ queryKey: contactsKeys.contact(context.userIndex, id) });
    contactChanged(undefined, context);
  },
  groupUpdated: contactChanged,
  groupDeleted: contactChanged,
} satisfies FeatureEventHandlers;
