import { useQueryClient } from '@tanstack/react-query';
import type { MailboxTreeResponse } from '@webmail/contracts';
import { useMemo } from 'react';
import { mailboxesKeys } from '../api/mailboxes.keys';
import { updateFolder } from '../lib/folder-tree';

/**
 * Cache effects of mail actions on the folder counts (conventions §7): the messages feature calls these through
 * its own interface, so it needs no knowledge of this feature's keys.
 */
export function useFolderCountEffects(userIndex: number) {
  const queryClient = useQueryClient();
  return useMemo(() => {
    const key = mailboxesKeys.tree(userIndex);
    const shiftUnseen = (mailboxId: string, delta: number) =>
      queryClient.setQueryData<MailboxTreeResponse>(key, (data) =>
        data
          ? {
              ...data,
              mailboxes: updateFolder(data.mailboxes, mailboxId, (folder) => ({
                ...folder,
                unseen: Math.max(0, folder.unseen + delta),
              })),
            }
          : data,
      );
    return {
      /** Shifts a folder's unseen count now; returns the undo for a failed request. */
      adjustUnseen(mailboxId: string, delta: number): () => void {
        if (delta === 0) return () => {};
        shiftUnseen(mailboxId, delta);
        return () => shiftUnseen(mailboxId, -delta);
      },
      /** Re-reads the true counts from the server once a change has settled. */
      refresh(): void {
        void queryClient.invalidateQueries({ queryKey: key });
      },
    };
  }, [queryClient, userIndex]);
}
