import MoreVertIcon from '@mui/icons-material/MoreVert';
import IconButton from '@mui/material/IconButton';
import type { Folder, ThreadMessage } from '@webmail/contracts';
import { useCallback, useRef, useState, type ReactElement, type ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { useTranslation } from '../../../shared/i18n/translation';
import { shortcutKey, type ShortcutId } from '../../../shared/ui/keyboard-shortcuts';
import { useShortcuts } from '../../../shared/ui/use-shortcuts';
import {
  actionForShortcut,
  availableActions,
  findAction,
  type ActionSelection,
  type MessageAction,
  type MessageActionId,
} from '../actions/message-actions';
import { useActionRunner } from '../hooks/use-action-runner';
import { toActionRow } from '../lib/action-row';
import { ConfirmDeleteDialog } from './confirm-delete-dialog';
import { useExtraMailActions } from './extra-mail-actions';
import { FlagButton } from './flag-button';
import { MoreActionsMenu, type MoveTarget } from './more-actions-menu';
import { Tooltip } from '../../../shared/ui/tooltip';

/** The registry actions one message offers in its menu (its star is a button of its own). */
const menuActionIds: readonly MessageActionId[] = [
  'unseen',
  'archive',
  'trash',
  'delete',
  'spam',
  'notspam',
  'move',
];

/** 48 px on phones (touch), 40 px with a mouse. */
const touchTarget = { width: { xs: 48, sm: 40 }, height: { xs: 48, sm: 40 } };

export interface SingleMessageActionsProps {
  userIndex: number;
  /** The message, in its own folder (a conversation holds messages of the Inbox and Sent too). */
  message: ThreadMessage;
  threadId: string;
  /** Its flags as they stand now (the detail's, once loaded). */
  flags: { seen: boolean; flagged: boolean };
  /** That folder: its special use decides which actions are offered. */
  folder: Pick<Folder, 'id' | 'specialUse'>;
  /** Folders to move to (the message's own is left out here). */
  moveTargets: MoveTarget[];
  /** Where the page goes when the action takes the open message out of its folder (default: the folder's list). */
  leaveHref?: string;
  /** Runs once an action has started (after its confirmation, where it asks for one). */
  onPerformed: (actionId: MessageActionId) => void;
  /** Menu items before and after the actions; `close` closes the menu. */
  menuItems: (close: () => void) => { leading: ReactElement[]; trailing: ReactElement[] };
  /** Buttons between the star and the menu button. */
  children?: ReactNode;
  /**
   * The action shortcuts (e, #, s, I, U, !) act on this message (the open one of a conversation), ahead of the
   * list's focused row.
   */
  keyboard?: boolean;
}

/**
 * One message as the scope of the action registry: the same actions, mass-action steps and snackbars as the list,
 * for a selection of one message. Renders the star, the caller's buttons, and the more-menu with the actions.
 */
export function SingleMessageActions(props: SingleMessageActionsProps) {
  const { userIndex, message, threadId, flags, folder, onPerformed, children } = props;
  const { t } = useTranslation('messages');
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [moveOnly, setMoveOnly] = useState(false);
  const moreButton = useRef<HTMLButtonElement>(null);
  const performed = useCallback((action: MessageAction) => onPerformed(action.id), [onPerformed]);
  const runner = useActionRunner(userIndex, performed, undefined, props.leaveHref);
  const selection: ActionSelection = {
    mailboxId: message.mailbox,
    messageIds: [message.id],
    count: 1,
    rows: [toActionRow(message, threadId, flags)],
  };
  const actions = availableActions(selection, folder).filter((action) => menuActionIds.includes(action.id));
  const extras = useExtraMailActions(selection, folder);
  const navigate = useNavigate();
  // An extra action took the message away (snoozed it): go where a move would.
  const leave = () => {
    if (props.leaveHref) void navigate(props.leaveHref);
  };
  const closeMenu = () => {
    setAnchor(null);
    setMoveOnly(false);
  };
  const moveTargets = props.moveTargets.filter((target) => target.id !== message.mailbox);
  const pickFolder =
    actions.some((action) => action.id === 'move') && moveTargets.length > 0
      ? () => {
          setMoveOnly(true);
          setAnchor(moreButton.current);
        }
      : null;
  const byKey = (id: ShortcutId) => () => {
    const action = actionForShortcut(shortcutKey(id), selection, folder);
    if (action) runner.perform(action, selection);
  };
  useShortcuts(
    props.keyboard
      ? {
          archive: byKey('archive'),
          delete: byKey('delete'),
          star: byKey('star'),
          markRead: byKey('markRead'),
          markUnread: byKey('markUnread'),
          spam: byKey('spam'),
          snooze: () => extras.actions[0]?.open(extras.refs, null, leave),
          moveTo: pickFolder,
          label: pickFolder,
        }
      : {},
    1,
  );
  const { leading, trailing } = props.menuItems(closeMenu);

  return (
    <>
      <FlagButton
        size="small"
        flagged={flags.flagged}
        onToggle={() => runner.perform(findAction(flags.flagged ? 'unflag' : 'flagged'), selection)}
      />
      {children}
      {extras.actions.map((action) => {
        const Icon = action.icon;
        return (
          <Tooltip key={action.id} title={action.label}>
            <IconButton
              aria-label={action.label}
              aria-haspopup="menu"
              onClick={(event) => action.open(extras.refs, event.currentTarget, leave)}
              sx={touchTarget}
            >
              <Icon fontSize="small" />
            </IconButton>
          </Tooltip>
        );
      })}
      <Tooltip title={t('actions.more')}>
        <IconButton
          ref={moreButton}
          aria-label={t('actions.more')}
          aria-haspopup="menu"
          aria-expanded={anchor ? true : undefined}
          onClick={(event) => setAnchor(event.currentTarget)}
          sx={touchTarget}
        >
          <MoreVertIcon fontSize="small" />
        </IconButton>
      </Tooltip>
      <MoreActionsMenu
        anchor={anchor}
        actions={actions}
        moveTargets={moveTargets}
        moveOnly={moveOnly}
        onClose={closeMenu}
        onAction={(action, moveToTarget) => runner.perform(action, selection, moveToTarget)}
        leadingItems={leading}
        trailingItems={trailing}
      />
      <ConfirmDeleteDialog
        count={runner.pending?.count ?? null}
        onConfirm={runner.confirm}
        onCancel={runner.cancel}
      />
    </>
  );
}
