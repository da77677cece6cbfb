import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { limits, searchEndpoints, type RecentSearch } from '@webmail/contracts';
import { isApiRequestError } from '../../../shared/api/api-request-error';
import { callApi } from '../../../shared/api/call-api';
import { useTranslation } from '../../../shared/i18n/translation';
import { useSnackbar } from '../../../shared/snackbar/use-snackbar';
import { removeRecentSearch } from './search.cache';
import { searchKeys } from './search.keys';

/** GET /api/u/{i}/search/recentSearches: the last five searches, newest first. */
export function recentSearchesQueryOptions(userIndex: number) {
  return queryOptions({
    queryKey: searchKeys.recent(userIndex),
    queryFn: async ({ signal }): Promise<RecentSearch[]> =>
      (await callApi(searchEndpoints.recentSearches, { params: { userIndex } }, { signal })).recentSearches,
    // The dropdown is a convenience: failing to list them shows none, not an error snackbar.
    meta: { errorSnackbar: false },
  });
}

export function useRecentSearches(userIndex: number, enabled = true) {
  return useQuery({ ...recentSearchesQueryOptions(userIndex), enabled });
}

/**
 * DELETE /api/u/{i}/search/recentSearches/{id}. Removed from the list at once; a 404 means it is gone already
 * (another tab, the five-search limit) and counts as success. Either way 'recent search deleted'.
 */
export function useDeleteRecentSearch(userIndex: number) {
  const queryClient = useQueryClient();
  const snackbar = useSnackbar();
  const { t } = useTranslation('search');
  return useMutation({
    mutationFn: async (id: string) => {
      try {
        await callApi(searchEndpoints.deleteRecentSearch, { params: { userIndex, id } });
      } catch (error) {
        if (!(isApiRequestError(error) && error.status === 404)) throw error;
      }
    },
    onMutate: (id) => ({ restore: removeRecentSearch(queryClient, userIndex, id) }),
    onError: (_error, _id, context) => context?.restore(),
    onSuccess: () =>
      snackbar.show({ type: 'success', message: t('recent.deleted'), timeout: limits.snackbarTimeoutMs }),
  });
}
