import { useCallback, useState } from 'react';
import type { ActionSelection, MessageAction } from '../actions/message-actions';
import { useRunMassAction, type RunMassAction } from '../api/mass-action';

interface Pending {
  action: MessageAction;
  selection: ActionSelection;
}

/**
 * Performs registry actions for the toolbar, the menu and the keys alike: an action that must be confirmed waits
 * for the dialog (`pending`); `onPerformed` runs once it has really started (the list clears its selection).
 * `runOther` replaces the folder's mass action (search results run theirs).
 */
export function useActionRunner(
  userIndex: number,
  onPerformed: (action: MessageAction) => void,
  runOther?: RunMassAction,
  leaveHref?: string,
) {
  const runFolder = useRunMassAction(userIndex, leaveHref);
  const run = runOther ?? runFolder;
  const [pending, setPending] = useState<Pending | null>(null);

  const perform = useCallback(
    (action: MessageAction, selection: ActionSelection, moveToTarget?: string) => {
      if (action.confirm) {
        setPending({ action, selection });
        return;
      }
      action.perform(selection, { run, moveToTarget });
      onPerformed(action);
    },
    [run, onPerformed],
  );

  const confirm = useCallback(() => {
    if (!pending) return;
    setPending(null);
    pending.action.perform(pending.selection, { run });
    onPerformed(pending.action);
  }, [pending, run, onPerformed]);

  const cancel = useCallback(() => setPending(null), []);

  return { run, perform, pending: pending?.selection ?? null, confirm, cancel };
}
