import type { MessageDetail, ThreadMessage } from '@webmail/contracts';
import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import {
  availableActions,
  findAction,
  type ActionSelection,
  type MessageAction,
  type MessageActionId,
} from '../actions/message-actions';
import { toActionRow } from '../lib/conversation';
import type { ConversationEnv } from '../lib/conversation-env';
import { useActionRunner } from './use-action-runner';

/** The registry actions a message of a conversation offers in its menu (its star is a button of its own). */
const menuActionIds: readonly MessageActionId[] = [
  'unseen',
  'archive',
  'trash',
  'delete',
  'spam',
  'notspam',
  'move',
];

/**
 * One message of a conversation as the scope of the action registry (conventions §8): the same actions, mass
 * action steps and snackbars as the list, for a selection of one message in its own folder (a conversation holds
 * messages of the Inbox and Sent too). "Mark as unread" leaves the addressed message for the list, as reading it
 * on would mark it read again; another message of the thread folds to its summary line.
 */
export function useMessageActions(
  env: ConversationEnv,
  message: ThreadMessage,
  detail: MessageDetail | undefined,
  options: { addressed: boolean; onCollapse: () => void },
) {
  const navigate = useNavigate();
  const { addressed, onCollapse } = options;
  const { listHref, inTab } = env;
  const onPerformed = useCallback(
    (action: MessageAction) => {
      if (action.id !== 'unseen') return;
      if (addressed && !inTab) void navigate(listHref);
      else onCollapse();
    },
    [addressed, inTab, listHref, navigate, onCollapse],
  );
  const runner = useActionRunner(env.userIndex, onPerformed);
  const flags = { seen: detail?.seen ?? message.seen, flagged: detail?.flagged ?? message.flagged };
  const selection: ActionSelection = {
    mailboxId: message.mailbox,
    messageIds: [message.id],
    count: 1,
    rows: [toActionRow(message, env.threadId, flags)],
  };
  const folder = env.folderOf(message.mailbox);
  const actions = availableActions(selection, folder).filter((action) => menuActionIds.includes(action.id));

  return {
    flagged: flags.flagged,
    actions,
    moveTargets: env.moveTargets.filter((target) => target.id !== message.mailbox),
    perform: (action: MessageAction, moveToTarget?: string) =>
      runner.perform(action, selection, moveToTarget),
    toggleFlag: () => runner.perform(findAction(flags.flagged ? 'unflag' : 'flagged'), selection),
    confirm: { count: runner.pending?.count ?? null, onConfirm: runner.confirm, onCancel: runner.cancel },
  };
}
