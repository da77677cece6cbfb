import { describe, expect, it, vi } from 'vitest';
import { buildMessageSummary } from '../message.testing';
import { actionForShortcut, availableActions, findAction, type ActionSelection } from './message-actions';

const folder = (specialUse: 'inbox' | 'trash' | 'junk' | 'archive' | null) => ({ id: 'f', specialUse });
const selectionOf = (...rows: ReturnType<typeof buildMessageSummary>[]): ActionSelection => ({
  mailboxId: 'f',
  messageIds: rows.map((row) => row.id),
  count: rows.length,
  rows,
});
const all: ActionSelection = { mailboxId: 'f', messageIds: '*', count: 40, rows: [] };
const ids = (selection: ActionSelection, where: Parameters<typeof folder>[0]) =>
  availableActions(selection, folder(where)).map((action) => action.id);

describe('message action registry', () => {
  it('offers delete forever only in Trash and Junk, not spam only in Junk, archive not in Archive', () => {
    expect(ids(all, 'inbox')).toEqual([
      'archive',
      'trash',
      'seen',
      'unseen',
      'flagged',
      'unflag',
      'spam',
      'move',
    ]);
    expect(ids(all, 'trash')).toEqual([
      'archive',
      'delete',
      'seen',
      'unseen',
      'flagged',
      'unflag',
      'spam',
      'move',
    ]);
    expect(ids(all, 'junk')).toEqual([
      'archive',
      'notspam',
      'delete',
      'seen',
      'unseen',
      'flagged',
      'unflag',
      'move',
    ]);
    expect(ids(all, 'archive')).not.toContain('archive');
  });

  it('offers read and star actions by the selected rows’ state', () => {
    const readStarred = selectionOf(buildMessageSummary(1, { seen: true, flagged: true }));
    expect(ids(readStarred, null)).toEqual(expect.arrayContaining(['unseen', 'unflag']));
    expect(ids(readStarred, null)).not.toContain('seen');
    expect(ids(readStarred, null)).not.toContain('flagged');
  });

  it('lets one key toggle: s stars, or unstars when all are starred; # deletes forever in Trash', () => {
    const plain = selectionOf(buildMessageSummary(1), buildMessageSummary(2, { flagged: true }));
    expect(actionForShortcut('s', plain, folder(null))?.id).toBe('flagged');
    expect(
      actionForShortcut('s', selectionOf(buildMessageSummary(2, { flagged: true })), folder(null))?.id,
    ).toBe('unflag');
    expect(actionForShortcut('#', plain, folder('inbox'))?.id).toBe('trash');
    expect(actionForShortcut('#', plain, folder('trash'))?.id).toBe('delete');
    expect(actionForShortcut('e', plain, folder('archive'))).toBeUndefined();
  });

  it('performs as a mass action on the selection’s scope', () => {
    const run = vi.fn();
    findAction('move').perform(all, { run, moveToTarget: 'id-beta' });
    expect(run).toHaveBeenCalledWith({
      action: 'move',
      mailboxId: 'f',
      messageIds: '*',
      moveToTarget: 'id-beta',
    });
  });
});
