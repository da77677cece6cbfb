import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { mailboxChannel } from '../../../shared/session/mailbox-channel';
import { invalidateMailboxes } from '../api/mass-action-cache';

/** Another tab of this browser changed this account's mail: re-read its folder counts and lists (README "Other tabs"). */
export function useMailboxChangeSync(userIndex: number): void {
  const queryClient = useQueryClient();
  useEffect(
    () =>
      mailboxChannel().subscribe((message) => {
        if (message.userIndex === userIndex) invalidateMailboxes(queryClient, userIndex);
      }),
    [queryClient, userIndex],
  );
}
