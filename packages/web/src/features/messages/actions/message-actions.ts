import ArchiveOutlinedIcon from '@mui/icons-material/ArchiveOutlined';
import DeleteForeverOutlinedIcon from '@mui/icons-material/DeleteForeverOutlined';
import DeleteOutlinedIcon from '@mui/icons-material/DeleteOutlined';
import DriveFileMoveOutlinedIcon from '@mui/icons-material/DriveFileMoveOutlined';
import MarkEmailReadOutlinedIcon from '@mui/icons-material/MarkEmailReadOutlined';
import MarkEmailUnreadOutlinedIcon from '@mui/icons-material/MarkEmailUnreadOutlined';
import ReportGmailerrorredOutlinedIcon from '@mui/icons-material/ReportGmailerrorredOutlined';
import ReportOffOutlinedIcon from '@mui/icons-material/ReportOffOutlined';
import StarBorderIcon from '@mui/icons-material/StarBorder';
import StarIcon from '@mui/icons-material/Star';
import type { SvgIconProps } from '@mui/material/SvgIcon';
import type { MassActionName, MessageSummary, SpecialUse } from '@webmail/contracts';
import type { ComponentType } from 'react';
import type { RunMassAction } from '../api/mass-action';

/**
 * The mail actions (README.md "The action registry"): the toolbar, its more-menu, keyboard
 * shortcuts and drag and drop read this one list. Every id is also the mass action it runs.
 */

/** What an action acts on. The scope is data: UIDs, or '*' for the whole folder. */
export interface ActionSelection {
  mailboxId: string;
  messageIds: number[] | '*';
  /** How many messages that is. */
  count: number;
  /** The selected rows that are loaded (flag and read actions look at their state; empty for '*' is fine). */
  rows: readonly MessageSummary[];
  /** The same messages by folder (not for '*'): what a list spanning folders (search results) acts on. */
  refs?: readonly MessageRef[];
}

/** A message by its folder and UID. */
export interface MessageRef {
  mailboxId: string;
  messageId: number;
}

export interface ActionFolder {
  id: string;
  specialUse: SpecialUse | null;
}

export interface ActionContext {
  run: RunMassAction;
  /** The folder a `move` goes to. */
  moveToTarget?: string;
}

export interface MessageAction<Id extends MassActionName = MessageActionId> {
  id: Id;
  labelKey: `actions.${Id}`;
  icon: ComponentType<SvgIconProps>;
  /** `KeyboardEvent.key` on the focused list; several actions may share one, the first available wins. */
  shortcut: string | null;
  /** The toolbar shows it as a button, or lists it in the more-menu. */
  placement: 'toolbar' | 'menu';
  /** Asks before it runs (it cannot be undone). */
  confirm: boolean;
  isAvailable: (selection: ActionSelection, folder: ActionFolder) => boolean;
  perform: (selection: ActionSelection, context: ActionContext) => void;
}

const inFolder = (folder: ActionFolder, ...uses: SpecialUse[]) =>
  folder.specialUse !== null && uses.includes(folder.specialUse);

/** For '*' the state of unloaded messages is unknown, so both directions are offered. */
const someRow = (selection: ActionSelection, test: (row: MessageSummary) => boolean) =>
  selection.messageIds === '*' || selection.rows.length === 0 || selection.rows.some(test);

const unread = (row: MessageSummary) => (row.conversation ? row.conversation.unseen > 0 : !row.seen);

function action<Id extends MassActionName>(
  id: Id,
  icon: ComponentType<SvgIconProps>,
  options: Partial<Pick<MessageAction<Id>, 'shortcut' | 'placement' | 'confirm' | 'isAvailable'>>,
): MessageAction<Id> {
  return {
    id,
    labelKey: `actions.${id}` as const,
    icon,
    shortcut: options.shortcut ?? null,
    placement: options.placement ?? 'toolbar',
    confirm: options.confirm ?? false,
    isAvailable: options.isAvailable ?? (() => true),
    perform: (selection, { run, moveToTarget }) =>
      run({
        action: id,
        mailboxId: selection.mailboxId,
        messageIds: selection.messageIds,
        moveToTarget,
        ...(selection.refs ? { refs: selection.refs } : {}),
      }),
  };
}

const actionTable = [
  action('archive', ArchiveOutlinedIcon, {
    shortcut: 'e',
    isAvailable: (_s, folder) => !inFolder(folder, 'archive'),
  }),
  action('notspam', ReportOffOutlinedIcon, { shortcut: '!', isAvailable: (_s, f) => inFolder(f, 'junk') }),
  action('trash', DeleteOutlinedIcon, {
    shortcut: '#',
    isAvailable: (_s, f) => !inFolder(f, 'trash', 'junk'),
  }),
  action('delete', DeleteForeverOutlinedIcon, {
    shortcut: '#',
    confirm: true,
    isAvailable: (_s, f) => inFolder(f, 'trash', 'junk'),
  }),
  action('seen', MarkEmailReadOutlinedIcon, { shortcut: 'I', isAvailable: (s) => someRow(s, unread) }),
  action('unseen', MarkEmailUnreadOutlinedIcon, {
    shortcut: 'U',
    isAvailable: (s) => someRow(s, (row) => !unread(row)),
  }),
  action('flagged', StarIcon, {
    shortcut: 's',
    placement: 'menu',
    isAvailable: (s) => someRow(s, (row) => !row.flagged),
  }),
  action('unflag', StarBorderIcon, {
    shortcut: 's',
    placement: 'menu',
    isAvailable: (s) => someRow(s, (row) => row.flagged),
  }),
  action('spam', ReportGmailerrorredOutlinedIcon, {
    shortcut: '!',
    placement: 'menu',
    isAvailable: (_s, f) => !inFolder(f, 'junk'),
  }),
  // Needs a target: the more-menu lists the folders, a drop on a folder names one.
  action('move', DriveFileMoveOutlinedIcon, { placement: 'menu' }),
] as const;

/** The ids of the table above (each one a mass action's name). */
export type MessageActionId = (typeof actionTable)[number]['id'];

export const messageActions: readonly MessageAction[] = actionTable;

export function availableActions(selection: ActionSelection, folder: ActionFolder): MessageAction[] {
  return messageActions.filter((candidate) => candidate.isAvailable(selection, folder));
}

/** The action a key runs: the first available one with that shortcut (so `s` stars, or unstars when all are). */
export function actionForShortcut(
  key: string,
  selection: ActionSelection,
  folder: ActionFolder,
): MessageAction | undefined {
  return messageActions.find(
    (candidate) => candidate.shortcut === key && candidate.isAvailable(selection, folder),
  );
}

export function findAction(id: MessageActionId): MessageAction {
  const found = messageActions.find((candidate) => candidate.id === id);
  if (!found) throw new Error(`Unknown message action ${id}`);
  return found;
}
