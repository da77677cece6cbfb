import type { QueryClient } from '@tanstack/react-query';
import { limits, type MassActionResponse } from '@webmail/contracts';
import { isApiRequestError } from '../../../shared/api/api-request-error';
import { errorMessage } from '../../../shared/api/error-message';
import type { TFunction } from '../../../shared/i18n/translation';
import { mailboxChannel } from '../../../shared/session/mailbox-channel';
import type { SnackbarApi, SnackbarInput } from '../../../shared/snackbar/snackbar-context';
import { actionEffect, inScope } from '../lib/list-patch';
import { undoRequests } from './mass-action-undo';
import { refreshTree } from '../../mailboxes/api/mailboxes.cache';
import {
  applyOptimisticEffects,
  dropRemovedDetails,
  rollBack,
  type MassActionTarget,
  type OptimisticContext,
} from './mass-action-cache';
import { setMassActionProgress } from './mass-action-progress';

/** One run of the mass-action mutation. */
export interface MassActionVariables {
  input: MassActionTarget;
  /** An undo: sent with hideSnackbar, answered with "undone" and no further undo. */
  undo: boolean;
}

/** What the steps need from the hook (README.md "Order of steps"). */
export interface MassActionDeps {
  queryClient: QueryClient;
  userIndex: number;
  snackbar: SnackbarApi;
  t: TFunction<['messages', 'common']>;
  tErrors: TFunction<'errors'>;
  /** The open message's route params, to leave a message that is being moved away. */
  open: { mailboxId: string | undefined; messageId: number };
  leaveTo: (mailboxId: string) => void;
  /** A folder's name as the sidebar shows it, for "Moved to …". */
  folderName: (mailboxId: string) => string | undefined;
}

/** Steps 2–3: progress, snapshot → patch; and back to the list if the open message leaves the folder. */
export async function startMassAction(deps: MassActionDeps, { input }: MassActionVariables) {
  const { queryClient, userIndex, open } = deps;
  const context = await applyOptimisticEffects(queryClient, userIndex, input);
  setMassActionProgress(queryClient, userIndex, input.mailboxId, {
    action: input.action,
    total: context.total,
    handledUidSet: '',
    moveToTarget: input.moveToTarget ?? null,
  });
  const removing = actionEffect(input.action).kind === 'remove';
  if (removing && open.mailboxId === input.mailboxId && inScope(context.scope, open.messageId)) {
    deps.leaveTo(input.mailboxId);
  }
  return context;
}

/** Step 5: progress done, stale details dropped, other tabs told, success snackbar with Undo. */
export function finishMassAction(
  deps: MassActionDeps,
  response: MassActionResponse,
  { input, undo }: MassActionVariables,
  context: OptimisticContext,
  runUndo: (input: MassActionTarget) => void,
): void {
  const { queryClient, userIndex } = deps;
  const folder = response.folders.find((result) => result.mailboxId === input.mailboxId);
  setMassActionProgress(queryClient, userIndex, input.mailboxId, {
    action: input.action,
    total: context.total,
    handledUidSet: folder?.handledUidSet ?? '',
    moveToTarget: input.moveToTarget ?? null,
  });
  if (!folder || folder.handled >= folder.total) {
    setMassActionProgress(queryClient, userIndex, input.mailboxId, null);
  }
  dropRemovedDetails(queryClient, userIndex, input, context);
  mailboxChannel().post({ type: 'mailboxChanged', userIndex });
  deps.snackbar.show(successSnackbar(response, undo, deps, context.targetId, runUndo));
}

/**
 * The server refused an archive because the account has no Archive folder: it says so with the reason
 * `archiveFolderNotSet`; a server from before reasons answered a bare 403 to `archive`.
 */
function archiveFolderMissing(error: unknown, input: MassActionTarget): boolean {
  if (!isApiRequestError(error)) return false;
  if (error.reason !== undefined) return error.reason === 'archiveFolderNotSet';
  return error.status === 403 && input.action === 'archive';
}

/** Step 6: roll back, clear the progress, and say why (archive folder missing, or the failure with Retry). */
export function failMassAction(
  deps: MassActionDeps,
  error: unknown,
  { input }: MassActionVariables,
  context: OptimisticContext | undefined,
  retry: () => void,
): void {
  const { queryClient, userIndex, snackbar, t } = deps;
  if (context) rollBack(queryClient, context);
  setMassActionProgress(queryClient, userIndex, input.mailboxId, null);
  if (archiveFolderMissing(error, input)) {
    // The account has no Archive folder (any more): the folder list may be out of date, so it is read again.
    void refreshTree(queryClient, userIndex);
    snackbar.show({ type: 'attention', message: t('massActions.errors.archiveFolderNotSet') });
    return;
  }
  if (isApiRequestError(error) && error.reason === 'noMessagesSelected') {
    // Nothing was addressed (the messages left the folder meanwhile): repeating it would answer the same.
    snackbar.show({ type: 'error', message: t('massActions.errors.noMessagesSelected') });
    return;
  }
  snackbar.show({
    type: 'error',
    message: t('massActions.errors.failed', { message: errorMessage(error, deps.tErrors) }),
    actions: [{ label: t('common:actions.retry'), onClick: retry }],
  });
}

/** The success message (5 s); Undo when the answer allows one (mass-action-undo.ts). */
function successSnackbar(
  response: MassActionResponse,
  undo: boolean,
  deps: Pick<MassActionDeps, 't' | 'folderName'>,
  targetId: string | undefined,
  runUndo: (input: MassActionTarget) => void,
): SnackbarInput {
  const timeout = limits.snackbarTimeoutMs;
  if (undo) return { type: 'success', message: deps.t('massActions.undone'), timeout };
  const message = successMessage(response, deps, targetId);
  const undos = undoRequests(response);
  if (undos.length === 0) return { type: 'success', message, timeout };
  return {
    type: 'success',
    message,
    timeout,
    actions: [{ label: deps.t('massActions.undo'), onClick: () => undos.forEach(runUndo) }],
  };
}

/** What happened, in words: "Archived 1 message", "Moved 2 messages to Projects"; else "Done: n messages". */
function successMessage(
  response: MassActionResponse,
  { t, folderName }: Pick<MassActionDeps, 't' | 'folderName'>,
  targetId: string | undefined,
): string {
  const count = response.handled;
  switch (response.action) {
    case 'trash':
      return t('massActions.trash.success', { count });
    case 'archive':
      return t('massActions.archive.success', { count });
    case 'delete':
      return t('massActions.delete.success', { count });
    case 'move': {
      const folder = targetId ? folderName(targetId) : undefined;
      if (folder) return t('massActions.move.success', { count, folder });
      return t('massActions.success', { count });
    }
    default:
      return t('massActions.success', { count });
  }
}
