import { MutationObserver, useQueryClient, type Mutation, type Query } from '@tanstack/react-query';
import { useEffect } from 'react';
import { isApiRequestError } from '../shared/api/api-request-error';
import { errorMessage } from '../shared/api/error-message';
import { joinedFieldErrors } from '../shared/api/error-text';
import { isNotFoundShownInPlace } from '../shared/api/mail-change';
import { isRetryableError } from '../shared/api/retry-policy';
import { useTranslation, type TFunction } from '../shared/i18n/translation';
import type { SnackbarInput } from '../shared/snackbar/snackbar-context';
import { useSnackbar } from '../shared/snackbar/use-snackbar';

type NotifierT = TFunction<['errors', 'common']>;

/**
 * The snackbar for a failed request:
 * - 422: a validation error; its field errors in the interface language joined by commas, or the error's reason
 *   (else its code) when there are none;
 * - not sent because the app is offline: 'you are offline' (a warning, no Retry);
 * - a failure that may pass (network, timeout, 5xx, 429): 'request failed' with the message, and a Retry action
 *   that repeats the request — a query refetches, a mutation runs again with the same variables (and the same
 *   optimistic steps);
 * - other failures (403, 404 …): 'request failed' with the message; repeating would answer the same.
 * Never for a 401 (the session flow handles it), nor for a 404 of a message whose view says so in place
 * (`showsNotFoundInPlace`), nor where `meta: { errorSnackbar: false }` opts out.
 */
export function snackbarForError(error: unknown, t: NotifierT, retry: () => void): SnackbarInput {
  if (isApiRequestError(error) && error.status === 422) {
    return { type: 'error', message: joinedFieldErrors(error, t) || errorMessage(error, t) };
  }
  // Refused before sending: say so, with nothing to retry until the connection is back.
  if (isApiRequestError(error) && error.code === 'Offline') {
    return { type: 'attention', message: errorMessage(error, t) };
  }
  const message = t('requestFailed', { message: errorMessage(error, t) });
  if (!isRetryableError(error)) return { type: 'error', message };
  return { type: 'error', message, actions: [{ label: t('common:actions.retry'), onClick: retry }] };
}

const isSilent = (error: unknown, meta: Record<string, unknown> | undefined) =>
  meta?.errorSnackbar === false ||
  (isApiRequestError(error) && (error.status === 401 || isNotFoundShownInPlace(error.status, meta)));

/**
 * Shows the snackbar for mutations, and for queries that already had data (a background refresh failed, which the
 * page would not show otherwise). A query without data is shown by its own page, which renders an error state
 * with a retry button; a snackbar as well would say the same thing twice.
 */
export function RequestErrorNotifier() {
  const queryClient = useQueryClient();
  const snackbar = useSnackbar();
  const { t } = useTranslation(['errors', 'common']);

  useEffect(() => {
    const refetch = (query: Query) => () =>
      void queryClient.refetchQueries({ queryKey: query.queryKey, exact: true });
    // A new observer with the failed mutation's options: the same request, cache steps and session effects.
    const rerun = (mutation: Mutation<unknown, unknown, unknown, unknown>) => () =>
      void new MutationObserver(queryClient, mutation.options)
        .mutate(mutation.state.variables)
        .catch(() => undefined); // a second failure reports itself through the cache again

    const unsubscribeQueries = queryClient.getQueryCache().subscribe((event) => {
      if (event.type !== 'updated' || event.action.type !== 'error') return;
      const { query } = event;
      const error = event.action.error;
      if (isSilent(error, query.meta) || query.state.data === undefined) return;
      snackbar.show(snackbarForError(error, t, refetch(query)));
    });

    const unsubscribeMutations = queryClient.getMutationCache().subscribe((event) => {
      if (event.type !== 'updated' || event.action.type !== 'error') return;
      const error = event.action.error;
      if (isSilent(error, event.mutation.options.meta)) return;
      snackbar.show(snackbarForError(error, t, rerun(event.mutation)));
    });

    return () => {
      unsubscribeQueries();
      unsubscribeMutations();
    };
  }, [queryClient, snackbar, t]);

  return null;
}
