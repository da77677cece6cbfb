import type { QueryClient } from '@tanstack/react-query';
import type { AppEvent } from '@webmail/contracts';
import { contactsKeys } from './contacts.keys';

/** The contact events of the live stream. */
export const contactEventCommands = [
  'addressbookUpdated',
  'addressbookDeleted',
  'contactUpdated',
  'contactDeleted',
  'groupUpdated',
  'groupDeleted',
] as const satisfies readonly AppEvent['command'][];

/**
 * After any change of contacts (ours or, through the event stream, another tab's or device's): every contacts
 * query of the user is re-read. Contacts are small, and a change of one (its groups, its book) shows in lists,
 * groups, address-book counts and suggestions alike, so patching each would only be a place to go wrong.
 */
export function refreshContacts(queryClient: QueryClient, userIndex: number): Promise<void> {
  return queryClient.invalidateQueries({ queryKey: contactsKeys.all(userIndex) });
}

/** For the event stream: whether the event concerns contacts, and then the refresh. */
export function applyContactEvent(queryClient: QueryClient, userIndex: number, event: AppEvent): boolean {
  if (!(contactEventCommands as readonly string[]).includes(event.command)) return false;
  if (event.command === 'contactDeleted' && 'id' in event)
    queryClient.removeQueries({ queryKey: contactsKeys.contact(userIndex, event.id) });
  void refreshContacts(queryClient, userIndex);
  return true;
}
