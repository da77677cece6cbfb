import type { QueryClient } from '@tanstack/react-query';
import type { FeatureEventHandlers } from '../../../shared/api/event-handlers';
import { invalidateMailboxes } from '../../messages/api/mass-action-cache';
import { messagesKeys } from '../../messages/api/messages.keys';
import { snoozeKeys } from './snooze.keys';

/**
 * After a snooze, a new time or a wake (here, in another tab, or by the server: `snoozedUpdated`): the Snoozed
 * list, the folder counts and every list showing mail are read again (the messages moved between folders). Lists
 * not on screen are dropped: the new-mail event that follows a wake would otherwise patch the woken rows into them
 * by date and make them fresh again, while the server lists woken mail on top.
 */
export function snoozedChanged(queryClient: QueryClient, userIndex: number): void {
  void queryClient.invalidateQueries({ queryKey: snoozeKeys.list(userIndex) });
  queryClient.removeQueries({ queryKey: messagesKeys.lists(userIndex), type: 'inactive' });
  invalidateMailboxes(queryClient, userIndex);
}

/** Snoozed mail was snoozed, rescheduled or woke (the server's job too): the Snoozed list and the folders. */
export const snoozeEventHandlers = {
  snoozedUpdated: (_event, { queryClient, userIndex }) => snoozedChanged(queryClient, userIndex),
} satisfies FeatureEventHandlers;
