import type { MessageSummary, SwipeSettings } from '@webmail/contracts';
import { useCallback } from 'react';
import {
  actionForShortcut,
  availableActions,
  type ActionFolder,
  type MessageAction,
} from '../actions/message-actions';
import type { RunMassAction } from '../api/mass-action';
import { useExtraMailActions } from '../components/extra-mail-actions';
import { actionEffect } from '../lib/list-patch';
import type { ListKeyHandlers } from '../lib/list-keyboard';
import { swipeActionsOf } from '../lib/swipe-actions';
import type { SwipeSide } from './use-row-swipe';
import { useActionRunner } from './use-action-runner';
import { useStartMessageDrag } from './use-start-message-drag';
import { useToggleFlag } from './use-toggle-flag';
import { rowKey, rowSelection, toActionSelection, type MessageSelection } from './use-message-selection';

export interface ListActionsInput {
  userIndex: number;
  folder: ActionFolder;
  /** Messages in the folder: the count of a select-all. */
  folderTotal: number;
  rows: readonly MessageSummary[];
  selection: MessageSelection;
  /**
   * A list spanning folders (search results) runs its own mass actions: they get each message's folder in
   * `refs`, and '*' means every result. Stars then go through it too.
   */
  run?: RunMassAction;
  /** The search a drag of its results carries ('*' = every result). */
  dragSearch?: string;
  /** What a swipe to each side does. */
  swipeSettings: SwipeSettings;
}

/**
 * Wires the registry to the list: the selection as the scope of the toolbar, the keys (without a selection a
 * shortcut acts on the focused row), the star of one row, dragging (a selected row drags the selection).
 */
export function useListActions(input: ListActionsInput) {
  const { userIndex, folder, folderTotal, rows, selection, run: runOther, dragSearch, swipeSettings } = input;
  const { clear, toggle } = selection;
  const onPerformed = useCallback(
    (action: MessageAction) => {
      // Flags and read state keep the selection (one often stars and then archives); a move empties it.
      if (actionEffect(action.id).kind === 'remove') clear();
    },
    [clear],
  );
  const runner = useActionRunner(userIndex, onPerformed, runOther);
  const scope = toActionSelection(folder.id, selection.selected, rows, folderTotal);
  const hasSelection = selection.selected === 'all' || selection.size > 0;
  const actions = hasSelection ? availableActions(scope, folder) : [];
  const extras = useExtraMailActions(hasSelection ? scope : null, folder);
  const allExtras = useExtraMailActions({ ...scope, messageIds: [] }, folder).actions;

  const keys: Omit<ListKeyHandlers, 'move'> = {
    toggle: (index) => {
      const row = rows[index];
      if (row) toggle(rowKey(row));
    },
    clearSelection: clear,
    shortcut: (key, index) => {
      const row = rows[index];
      const target = hasSelection ? scope : row ? rowSelection(folder.id, row) : null;
      const action = target && actionForShortcut(key, target, folder);
      if (target && action) {
        runner.perform(action, target);
        return true;
      }
      const extra = allExtras.find((candidate) => candidate.shortcut === key);
      if (!target || !extra || target.messageIds === '*') return false;
      extra.open(target.refs ?? [], null, clear);
      return true;
    },
  };

  const toggleFlag = useToggleFlag(userIndex, folder.id, runner.run, runOther);

  const startDrag = useStartMessageDrag(userIndex, folder.id, scope, selection.isSelected, dragSearch);
  const swipeActions = (row: MessageSummary) => swipeActionsOf(row, folder, swipeSettings);
  const swipe = (row: MessageSummary, side: SwipeSide) => {
    const action = swipeActions(row)[side];
    if (action) runner.perform(action, rowSelection(folder.id, row));
  };

  const perform = (action: MessageAction, moveToTarget?: string) =>
    runner.perform(action, scope, moveToTarget);

  return {
    hasSelection,
    actions,
    extras: { ...extras, done: clear },
    perform,
    keys,
    toggleFlag,
    startDrag,
    swipe: { actionsOf: swipeActions, perform: swipe },
    confirm: { count: runner.pending?.count ?? null, onConfirm: runner.confirm, onCancel: runner.cancel },
  };
}
