import type { MassActionName, MassActionResponse } from '@webmail/contracts';
import type { MassActionTarget } from './mass-action-cache';
import { parseUidSet } from '../lib/uid-set';

const oppositeFlag: Partial<Record<MassActionName, MassActionName>> = {
  flagged: 'unflag',
  unflag: 'flagged',
  seen: 'unseen',
  unseen: 'seen',
};

/**
 * The requests that undo an answered action (README "Effects per action", column undo):
 * - a flag action: the opposite flag on `changedUidSet` only, so messages that already had the state keep it;
 * - a move (move, trash, archive, spam, notspam): the new UIDs (`uidMap.destination`) moved back to `from`;
 * - delete: nothing (an empty list: no Undo is offered).
 */
export function undoRequests(response: MassActionResponse): MassActionTarget[] {
  const flag = oppositeFlag[response.action];
  if (flag) {
    return response.folders
      .filter((folder) => folder.changedUidSet !== '')
      .map((folder) => ({
        action: flag,
        mailboxId: folder.mailboxId,
        messageIds: parseUidSet(folder.changedUidSet),
      }));
  }
  if (response.action === 'delete') return [];
  return response.moved.flatMap((move) =>
    move.uidMap && move.uidMap.destination !== ''
      ? [
          {
            action: 'move' as const,
            mailboxId: move.to,
            messageIds: parseUidSet(move.uidMap.destination),
            moveToTarget: move.from,
          },
        ]
      : [],
  );
}
