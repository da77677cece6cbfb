import { useMutation, useQueryClient, type InfiniteData, type QueryClient } from '@tanstack/react-query';
import {
  searchEndpoints,
  type MassActionRequest,
  type MassActionResponse,
  type MessageListResponse,
} from '@webmail/contracts';
import { useCallback } from 'react';
import { isApiRequestError } from '../../../shared/api/api-request-error';
import { callApi } from '../../../shared/api/call-api';
import { errorMessage } from '../../../shared/api/error-message';
import { useTranslation } from '../../../shared/i18n/translation';
import { useSnackbar } from '../../../shared/snackbar/use-snackbar';
import { refreshTree } from '../../mailboxes/api/mailboxes.cache';
import { useRunMassAction, type MassActionInput, type RunMassAction } from '../../messages/api/mass-action';
import { invalidateMailboxes } from '../../messages/api/mass-action-cache';
import { searchActionDone, startSearchAction } from './search-mass-action-steps';
import { searchKeys } from './search.keys';

/** The request of an action on search results: every result ('*'), or the chosen messages by folder. */
export function toSearchActionRequest(input: MassActionInput, search: string): MassActionRequest {
  const target = input.moveToTarget ? { moveToTarget: input.moveToTarget } : {};
  if (input.messageIds === '*') {
    return {
      context: 'searchAll',
      messages: [{ messageId: '*', mailboxId: '*' }],
      action: input.action,
      search,
      ...target,
    };
  }
  const refs = input.refs ?? input.messageIds.map((messageId) => ({ mailboxId: input.mailboxId, messageId }));
  return { context: 'mailbox', messages: [...refs], action: input.action, ...target };
}

/** How many results a search has, as its cached first page says (either list mode's: the messages one first). */
function resultCount(queryClient: QueryClient, userIndex: number, search: string): number {
  const pages = (mode: 'messages' | 'conversations') =>
    queryClient.getQueryData<InfiniteData<MessageListResponse>>(searchKeys.result(userIndex, search, mode));
  return (pages('messages') ?? pages('conversations'))?.pages[0]?.total ?? 0;
}

interface Variables {
  input: MassActionInput;
  /** How many messages, for the progress line. */
  total: number;
}

/**
 * Runs the registry's actions on search results (the runner `MessageListView` takes for a list spanning folders):
 * `POST /api/u/{i}/search/massAction` — with '*' every result of the search, loaded or not, else the chosen
 * messages each in its folder. Optimistic like a folder's: the results are patched at once (moved rows leave),
 * rolled back on error; the answer's undo sets run through the folder mass action (one request per folder), and
 * afterwards every list, the counts and the results are read again.
 */
export function useRunSearchAction(userIndex: number, search: string): RunMassAction {
  const queryClient = useQueryClient();
  const snackbar = useSnackbar();
  const { t } = useTranslation(['search', 'common']);
  const { t: tErrors } = useTranslation('errors');
  const runFolderAction = useRunMassAction(userIndex);
  const progressKey = searchKeys.progress(userIndex, search);

  const { mutate } = useMutation({
    meta: { errorSnackbar: false },
    mutationFn: ({ input }: Variables): Promise<MassActionResponse> =>
      callApi(searchEndpoints.massAction, {
        params: { userIndex },
        body: toSearchActionRequest(input, search),
      }),
    onMutate: (variables) => startSearchAction(queryClient, userIndex, search, variables),
    onSuccess: (response) => {
      snackbar.show(searchActionDone(response, t, (undo) => runFolderAction(undo, { undo: true })));
    },
    onError: (error, variables, context) => {
      context?.restore();
      if (isApiRequestError(error) && error.reason === 'archiveFolderNotSet') {
        void refreshTree(queryClient, userIndex);
        snackbar.show({ type: 'attention', message: t('actions.archiveFolderNotSet') });
        return;
      }
      snackbar.show({
        type: 'error',
        message: t('actions.failed', { message: errorMessage(error, tErrors) }),
        actions: [{ label: t('common:actions.retry'), onClick: () => mutate(variables) }],
      });
    },
    onSettled: () => {
      queryClient.setQueryData(progressKey, null);
      // The results, every folder list, the counts and open conversations: the server is the truth now.
      invalidateMailboxes(queryClient, userIndex);
      void queryClient.invalidateQueries({ queryKey: searchKeys.results(userIndex) });
    },
  });

  return useCallback(
    (input: MassActionInput) => {
      const explicit = input.messageIds !== '*' ? (input.refs ?? []).length : 0;
      if (input.messageIds !== '*' && explicit === 0) {
        snackbar.show({ type: 'error', message: t('actions.noMessagesSelected') });
        return;
      }
      mutate({
        input,
        total: input.messageIds === '*' ? resultCount(queryClient, userIndex, search) : explicit,
      });
    },
    [mutate, snackbar, t, queryClient, userIndex, search],
  );
}
