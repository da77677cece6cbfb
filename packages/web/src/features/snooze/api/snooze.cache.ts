import type { QueryClient } from '@tanstack/react-query';
import { invalidateMailboxes } from '../../messages/api/mass-action-cache';
import { snoozeKeys } from './snooze.keys';

/**
 * After a snooze, a new time or a wake (here, in another tab, or by the server: `snoozedUpdated`): the Snoozed
 * list, the folder counts and every list showing mail are read again (the messages moved between folders).
 */
export function snoozedChanged(queryClient: QueryClient, userIndex: number): void {
  void queryClient.invalidateQueries({ queryKey: snoozeKeys.list(userIndex) });
  invalidateMailboxes(queryClient, userIndex);
}
