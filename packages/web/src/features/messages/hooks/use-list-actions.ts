import type { MessageSummary, SwipeAction, SwipeSettings } from '@webmail/contracts';
import { useCallback, type DragEvent } from 'react';
import { useTranslation } from '../../../shared/i18n/translation';
import {
  actionForShortcut,
  availableActions,
  findAction,
  type ActionFolder,
  type MessageAction,
  type MessageActionId,
} from '../actions/message-actions';
import type { RunMassAction } from '../api/mass-action';
import { useExtraMailActions } from '../components/extra-mail-actions';
import { useUpdateMessageFlags } from '../api/update-message-flags';
import { actionEffect } from '../lib/list-patch';
import type { ListKeyHandlers } from '../lib/list-keyboard';
import { startMessageDrag } from '../lib/start-message-drag';
import type { SwipeSide } from './use-row-swipe';
import { useActionRunner } from './use-action-runner';
import { rowKey, rowSelection, toActionSelection, type MessageSelection } from './use-message-selection';

/** The registry's actions a swipe setting stands for: the first one available runs. */
const swipeCandidates: Record<SwipeAction, MessageActionId[]> = {
  archive: ['archive'],
  trash: ['trash', 'delete'],
  read: ['seen', 'unseen'],
  none: [],
};

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
  const { t } = useTranslation('messages');
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

  const { run } = runner;
  const { mutate: updateFlags } = useUpdateMessageFlags(userIndex, folder.id);
  /**
   * A conversation's star stars its whole thread (a mass action); a message's goes through the flag PATCH. Rows of
   * another folder (search results) go through the list's own runner.
   */
  const toggleFlag = useCallback(
    (row: MessageSummary) => {
      const action = row.flagged ? 'unflag' : 'flagged';
      if (runOther) {
        const uids = row.conversation ? row.conversation.uids : [row.id];
        const refs = uids.map((messageId) => ({ mailboxId: row.mailbox, messageId }));
        run({ action, mailboxId: row.mailbox, messageIds: uids, refs });
      } else if (row.conversation) {
        run({ action, mailboxId: folder.id, messageIds: row.conversation.uids });
      } else {
        updateFlags({ messageId: row.id, patch: { flagged: !row.flagged } });
      }
    },
    [run, runOther, updateFlags, folder.id],
  );

  const { isSelected } = selection;
  const startDrag = (row: MessageSummary, event: DragEvent) => {
    const dragged = isSelected(rowKey(row)) ? scope : rowSelection(folder.id, row);
    const payload = {
      userIndex,
      mailboxId: folder.id,
      messageIds: dragged.messageIds,
      count: dragged.count,
      ...(dragSearch !== undefined ? { search: dragSearch, refs: dragged.refs ?? [] } : {}),
    };
    startMessageDrag(event, payload, t('drag.count', { count: dragged.count }));
  };

  /**
   * What a touch swipe on a row does, from the registry, as the user set each side (by default to the right it
   * archives, to the left it moves to Trash — in Trash and Junk it deletes, after asking). A side with no action
   * available here does not swipe.
   */
  const swipeActions = (row: MessageSummary): Partial<Record<SwipeSide, MessageAction>> => {
    const target = rowSelection(folder.id, row);
    const first = (setting: SwipeAction) =>
      swipeCandidates[setting].map(findAction).find((candidate) => candidate.isAvailable(target, folder));
    return { right: first(swipeSettings.right), left: first(swipeSettings.left) };
  };
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
