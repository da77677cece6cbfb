import type { MessageSummary } from '@webmail/contracts';
import { useCallback } from 'react';
import type { RunMassAction } from '../api/mass-action';
import { useUpdateMessageFlags } from '../api/update-message-flags';

/**
 * The star of one row. A conversation's star stars its whole thread (a mass action); a message's goes through the
 * flag PATCH. Rows of another folder (search results) go through the list's own runner (`runOther`).
 */
export function useToggleFlag(
  userIndex: number,
  folderId: string,
  run: RunMassAction,
  runOther: RunMassAction | undefined,
): (row: MessageSummary) => void {
  const { mutate: updateFlags } = useUpdateMessageFlags(userIndex, folderId);
  return useCallback(
    (row: MessageSummary) => {
      const action = row.flagged ? 'unflag' : 'flagged';
      if (runOther) {
        const uids = row.conversation ? row.conversation.uids : [row.id];
        const refs = uids.map((messageId) => ({ mailboxId: row.mailbox, messageId }));
        run({ action, mailboxId: row.mailbox, messageIds: uids, refs });
      } else if (row.conversation) {
        run({ action, mailboxId: folderId, messageIds: row.conversation.uids });
      } else {
        updateFlags({ messageId: row.id, patch: { flagged: !row.flagged } });
      }
    },
    [run, runOther, updateFlags, folderId],
  );
}
