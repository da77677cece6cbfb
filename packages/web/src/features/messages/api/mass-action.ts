import { useMutation, useQueryClient } from '@tanstack/react-query';
import { messagesEndpoints, type MassActionName, type MassActionRequest } from '@webmail/contracts';
import { useCallback, useMemo } from 'react';
import { useNavigate, useParams } from 'react-router';
import { callApi } from '../../../shared/api/call-api';
import { useTranslation } from '../../../shared/i18n/translation';
import { useSnackbar } from '../../../shared/snackbar/use-snackbar';
import { cachedTree, findTreeFolder } from '../../mailboxes/api/mailboxes.cache';
import { settleMassAction } from './mass-action-cache';
import { messagesKeys } from './messages.keys';
import {
  failMassAction,
  finishMassAction,
  startMassAction,
  type MassActionDeps,
  type MassActionVariables,
} from './mass-action-steps';
import { folderHref } from '../../../shared/routing/mail-hrefs';

/** One mass action: `messageIds` are UIDs in `mailboxId`, or '*' for the whole folder. */
export interface MassActionInput {
  action: MassActionName;
  mailboxId: string;
  messageIds: number[] | '*';
  /** Folder id; required for `move`. */
  moveToTarget?: string;
  /**
   * The same messages each by its own folder, from lists that span folders (search results), for runners that
   * act across folders; a folder's runner reads `mailboxId` and `messageIds`.
   */
  refs?: ReadonlyArray<{ mailboxId: string; messageId: number }>;
}
/** Runs a mass action; `undo: true` when it undoes an answered one (its snackbar says "undone", no further undo). */
export type RunMassAction = (input: MassActionInput, options?: { undo?: boolean }) => void;

export function toMassActionRequest(input: MassActionInput, undo = false): MassActionRequest {
  const { action, mailboxId, messageIds, moveToTarget } = input;
  return {
    context: 'mailbox',
    messages:
      messageIds === '*'
        ? [{ messageId: '*', mailboxId }]
        : messageIds.map((messageId) => ({ messageId, mailboxId })),
    action,
    ...(moveToTarget ? { moveToTarget } : {}),
    ...(undo ? { hideSnackbar: true } : {}),
  };
}

/** POST /api/u/{i}/mailbox/massAction. No timeout: a whole folder can take long, and must finish. */
export function postMassAction(userIndex: number, request: MassActionRequest) {
  return callApi(messagesEndpoints.massAction, { params: { userIndex }, body: request });
}

const isEmpty = (input: MassActionInput) => input.messageIds !== '*' && input.messageIds.length === 0;

/**
 * Runs mass actions for one account with every step of README.md: guard, progress, snapshot → patch, request,
 * rollback and snackbar on error, undo on success, settle, and a word to the other tabs. Also used by the folder
 * sidebar's drop handler (base layout), so it needs nothing but the account. When the open message leaves its
 * folder the page goes to `leaveHref` (the reader's choice: the next or previous message), else to the folder's list.
 */
export function useRunMassAction(userIndex: number, leaveHref?: string): RunMassAction {
  const queryClient = useQueryClient();
  const snackbar = useSnackbar();
  const { t } = useTranslation(['messages', 'common']);
  const { t: tErrors } = useTranslation('errors');
  const { t: tFolders } = useTranslation('mailboxes');
  const { mailboxId, messageId } = useParams();
  const navigate = useNavigate();
  const deps = useMemo<MassActionDeps>(
    () => ({
      queryClient,
      userIndex,
      snackbar,
      t,
      tErrors,
      open: { mailboxId, messageId: Number(messageId) },
      leaveTo: (folder) => void navigate(leaveHref ?? folderHref(userIndex, folder), { replace: true }),
      folderName: (id) => {
        const folder = findTreeFolder(cachedTree(queryClient, userIndex), id);
        if (!folder) return undefined;
        return folder.specialUse ? tFolders(`specialUse.${folder.specialUse}`) : folder.name;
      },
    }),
    [queryClient, userIndex, snackbar, t, tErrors, tFolders, mailboxId, messageId, navigate, leaveHref],
  );

  const { mutate } = useMutation({
    // This hook says what failed itself (rolled back, archive not set); the app-wide snackbar would repeat it.
    meta: { errorSnackbar: false },
    mutationKey: messagesKeys.changes(userIndex),
    mutationFn: ({ input, undo }: MassActionVariables) =>
      postMassAction(userIndex, toMassActionRequest(input, undo)),
    onMutate: (variables) => startMassAction(deps, variables),
    onSuccess: (response, variables, context) =>
      finishMassAction(deps, response, variables, context, (input) => mutate({ input, undo: true })),
    onError: (error, variables, context) =>
      failMassAction(deps, error, variables, context, () => mutate(variables)),
    onSettled: (_response, _error, { input }, context) =>
      settleMassAction(queryClient, userIndex, input, context?.targetId),
  });

  return useCallback(
    (input: MassActionInput, options?: { undo?: boolean }) => {
      if (isEmpty(input)) {
        snackbar.show({ type: 'error', message: t('massActions.errors.noMessagesSelected') });
        return;
      }
      mutate({ input, undo: options?.undo ?? false });
    },
    [mutate, snackbar, t],
  );
}
