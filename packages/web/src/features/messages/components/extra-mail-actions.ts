import type { SvgIconProps } from '@mui/material/SvgIcon';
import { createContext, useContext, type ComponentType } from 'react';
import type { ActionFolder, ActionSelection, MessageRef } from '../actions/message-actions';

export type { ActionFolder, MessageRef };

/**
 * An action of a feature above messages that opens its own UI for the chosen messages (snooze's time menu):
 * the app passes these in (`ExtraMailActionsContext`), and the list toolbar, its keys and one message's actions
 * offer them beside the registry's. Only for chosen messages, never a whole folder ('*').
 */
export interface ExtraMailAction {
  id: string;
  label: string;
  icon: ComponentType<SvgIconProps>;
  /** `KeyboardEvent.key`, used when no registry action has it. */
  shortcut: string | null;
  isAvailable: (folder: ActionFolder) => boolean;
  /** Opens its UI, anchored at the pressed button (null from the keyboard); `done` once it acted. */
  open: (messages: readonly MessageRef[], anchor: HTMLElement | null, done: () => void) => void;
}

export const ExtraMailActionsContext = createContext<readonly ExtraMailAction[]>([]);

/** The extra actions available for a selection in a folder ('*' takes none). */
export function useExtraMailActions(selection: ActionSelection | null, folder: ActionFolder) {
  const all = useContext(ExtraMailActionsContext);
  if (!selection || selection.messageIds === '*') return { actions: [], refs: [] as readonly MessageRef[] };
  const refs =
    selection.refs ??
    selection.messageIds.map((messageId) => ({ mailboxId: selection.mailboxId, messageId }));
  return { actions: all.filter((action) => action.isAvailable(folder)), refs };
}
