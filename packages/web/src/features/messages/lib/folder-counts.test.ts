import type { MailboxTreeResponse } from '@webmail/contracts';
import { describe, expect, it } from 'vitest';
import { findTreeFolder, shiftCounts } from '../../mailboxes/api/mailboxes.cache';
import { sampleTree } from '../../../test/folder.testing';
import { countShiftsFor, targetFolderId } from './folder-counts';

const tree: MailboxTreeResponse = { mailboxes: sampleTree(), quota: null };
const inbox = findTreeFolder(tree, 'id-inbox')!; // unseen 3, total 120
const counts = (next: MailboxTreeResponse | undefined, id: string) => {
  const folder = findTreeFolder(next, id);
  return folder && [folder.unseen, folder.total];
};

describe('folder counts of a mass action', () => {
  it('finds the special-use target of trash, archive, spam and notspam, and the named one of move', () => {
    expect(targetFolderId(tree, 'trash', undefined)).toBe('id-trash');
    expect(targetFolderId(tree, 'spam', undefined)).toBe('id-junk');
    expect(targetFolderId(tree, 'notspam', undefined)).toBe('id-inbox');
    expect(targetFolderId(tree, 'move', 'id-beta')).toBe('id-beta');
    expect(targetFolderId(tree, 'seen', undefined)).toBeUndefined();
  });

  it('moves total and unseen from the source to the target, nested folders included', () => {
    const shifts = countShiftsFor({
      action: 'move',
      source: inbox,
      targetId: 'id-alpha',
      addressed: 4,
      known: { unseen: 1, seen: 3 },
    });
    const next = shiftCounts(tree, shifts);
    expect(counts(next, 'id-inbox')).toEqual([2, 116]);
    expect(counts(next, 'id-alpha')).toEqual([3, 7]);
  });

  it('empties the source of a whole-folder delete and gives nothing to anyone', () => {
    const shifts = countShiftsFor({
      action: 'delete',
      source: inbox,
      targetId: undefined,
      addressed: '*',
      known: { unseen: 0, seen: 0 },
    });
    expect(counts(shiftCounts(tree, shifts), 'id-inbox')).toEqual([0, 0]);
  });

  it('changes only unseen for read state, and nothing for stars', () => {
    const base = { source: inbox, targetId: undefined, known: { unseen: 2, seen: 5 } };
    expect(
      counts(shiftCounts(tree, countShiftsFor({ ...base, action: 'seen', addressed: 7 })), 'id-inbox'),
    ).toEqual([1, 120]);
    expect(
      counts(shiftCounts(tree, countShiftsFor({ ...base, action: 'unseen', addressed: '*' })), 'id-inbox'),
    ).toEqual([120, 120]);
    expect(countShiftsFor({ ...base, action: 'flagged', addressed: 7 })).toEqual([]);
  });
});
