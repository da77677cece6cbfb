import type { QueryClient } from '@tanstack/react-query';
import { limits, type MassActionResponse } from '@webmail/contracts';
import type { TFunction } from '../../../shared/i18n/translation';
import type { SnackbarInput } from '../../../shared/snackbar/snackbar-context';
import type { MassActionInput } from '../../messages/api/mass-action';
import type { MassActionTarget } from '../../messages/api/mass-action-cache';
import type { MassActionProgress } from '../../messages/api/mass-action-progress';
import { undoRequests } from '../../messages/api/mass-action-undo';
import { patchAllResults, refKey } from './search.cache';
import { searchKeys } from './search.keys';

/** The results patched at once (moved rows leave) and the progress line shown; returns how to roll back. */
export async function startSearchAction(
  queryClient: QueryClient,
  userIndex: number,
  search: string,
  { input, total }: { input: MassActionInput; total: number },
): Promise<{ restore: () => void }> {
  const scope =
    input.messageIds === '*'
      ? ('*' as const)
      : new Set((input.refs ?? []).map((ref) => refKey(ref.mailboxId, ref.messageId)));
  const restore = await patchAllResults(queryClient, userIndex, input.action, scope, search);
  const progress: MassActionProgress = {
    action: input.action,
    total,
    handledUidSet: '',
    moveToTarget: input.moveToTarget ?? null,
  };
  queryClient.setQueryData(searchKeys.progress(userIndex, search), progress);
  return { restore };
}

/** The success message; Undo when the answer allows one, each undo set run through the folder mass action. */
export function searchActionDone(
  response: MassActionResponse,
  t: TFunction<['search', 'common']>,
  runUndo: (input: MassActionTarget) => void,
): SnackbarInput {
  const undos = undoRequests(response);
  const count = response.handled;
  const message =
    response.action === 'trash' ? t('actions.trashed', { count }) : t('actions.done', { count });
  return {
    type: 'success',
    message,
    timeout: limits.snackbarTimeoutMs,
    ...(undos.length
      ? { actions: [{ label: t('actions.undo'), onClick: () => undos.forEach(runUndo) }] }
      : {}),
  };
}
