import type { MassActionResponse } from '@webmail/contracts';
import { describe, expect, it } from 'vitest';
import { undoRequests } from './mass-action-undo';

const folder = (mailboxId: string, changedUidSet: string) => ({
  mailboxId,
  total: 3,
  handled: 3,
  handledUidSet: '1:3',
  changedUidSet,
});

describe('undoRequests', () => {
  it('undoes a flag action on the changed UIDs only', () => {
    const response: MassActionResponse = {
      action: 'seen',
      total: 3,
      handled: 3,
      folders: [folder('id-inbox', '1,3'), folder('id-alpha', '')],
      moved: [],
    };
    expect(undoRequests(response)).toEqual([{ action: 'unseen', mailboxId: 'id-inbox', messageIds: [1, 3] }]);
  });

  it('moves the new UIDs back where they came from', () => {
    const response: MassActionResponse = {
      action: 'trash',
      total: 2,
      handled: 2,
      folders: [folder('id-inbox', '4:5')],
      moved: [{ from: 'id-inbox', to: 'id-trash', uidMap: { source: '4:5', destination: '90:91' } }],
    };
    expect(undoRequests(response)).toEqual([
      { action: 'move', mailboxId: 'id-trash', messageIds: [90, 91], moveToTarget: 'id-inbox' },
    ]);
  });

  it('offers nothing for delete or a move without a UID map', () => {
    const base = { total: 1, handled: 1, folders: [folder('id-trash', '1')] };
    expect(undoRequests({ ...base, action: 'delete', moved: [] })).toEqual([]);
    expect(
      undoRequests({
        ...base,
        action: 'archive',
        moved: [{ from: 'id-inbox', to: 'id-archive', uidMap: null }],
      }),
    ).toEqual([]);
  });
});
