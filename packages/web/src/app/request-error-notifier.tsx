import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { isApiRequestError } from '../shared/api/api-request-error';
import { errorMessage } from '../shared/api/error-message';
import { useTranslation } from '../shared/i18n/translation';
import { useSnackbar } from '../shared/snackbar/use-snackbar';

/**
 * Spec §8 "other network errors": 'request failed' with the message, and for a query a Retry action that
 * repeats it. Shown for mutations and for queries that already had data (a background refresh failed, which the
 * page would not show otherwise). A query without data is shown by its own page, which renders an error state
 * with a retry button; a snackbar as well would say the same thing twice. A 401 is never shown (the app goes to
 * sign-in), and anything can opt out with `meta: { errorSnackbar: false }`.
 */
export function RequestErrorNotifier() {
  const queryClient = useQueryClient();
  const snackbar = useSnackbar();
  const { t } = useTranslation(['errors', 'common']);

  useEffect(() => {
    const isSilent = (error: unknown, meta: Record<string, unknown> | undefined) =>
      meta?.errorSnackbar === false || (isApiRequestError(error) && error.status === 401);

    const unsubscribeQueries = queryClient.getQueryCache().subscribe((event) => {
      if (event.type !== 'updated' || event.action.type !== 'error') return;
      const { query } = event;
      const error = event.action.error;
      if (isSilent(error, query.meta) || query.state.data === undefined) return;
      snackbar.show({
        type: 'error',
        message: t('requestFailed', { message: errorMessage(error, t) }),
        actions: [
          {
            label: t('common:actions.retry'),
            onClick: () => void queryClient.refetchQueries({ queryKey: query.queryKey, exact: true }),
          },
        ],
      });
    });

    const unsubscribeMutations = queryClient.getMutationCache().subscribe((event) => {
      if (event.type !== 'updated' || event.action.type !== 'error') return;
      const error = event.action.error;
      if (isSilent(error, event.mutation.options.meta)) return;
      snackbar.show({ type: 'error', message: t('requestFailed', { message: errorMessage(error, t) }) });
    });

    return () => {
      unsubscribeQueries();
      unsubscribeMutations();
    };
  }, [queryClient, snackbar, t]);

  return null;
}
