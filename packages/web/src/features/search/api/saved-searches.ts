import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { limits, searchEndpoints, type SavedSearch, type SavedSearchCreate } from '@webmail/contracts';
import { callApi } from '../../../shared/api/call-api';
import { showsMailOfAnyFolder } from '../../../shared/api/mail-change';
import { useTranslation } from '../../../shared/i18n/translation';
import { useSnackbar } from '../../../shared/snackbar/use-snackbar';
import { searchKeys } from './search.keys';

/** GET /api/u/{i}/search/saved: saved searches with their unread counts. */
export function savedSearchesQueryOptions(userIndex: number) {
  return queryOptions({
    queryKey: searchKeys.saved(userIndex),
    queryFn: async ({ signal }): Promise<SavedSearch[]> =>
      (await callApi(searchEndpoints.savedSearches, { params: { userIndex } }, { signal })).savedSearches,
    // Their unread counts change with the mail: mass actions and new or expunged mail re-read them.
    meta: { errorSnackbar: false, ...showsMailOfAnyFolder },
  });
}

export function useSavedSearches(userIndex: number) {
  return useQuery(savedSearchesQueryOptions(userIndex));
}

/** POST /api/u/{i}/search/saved: adds it to the sidebar. */
export function useSaveSearch(userIndex: number) {
  const queryClient = useQueryClient();
  const snackbar = useSnackbar();
  const { t } = useTranslation('search');
  return useMutation({
    mutationFn: (body: SavedSearchCreate) =>
      callApi(searchEndpoints.saveSearch, { params: { userIndex }, body }),
    onSuccess: (saved) => {
      queryClient.setQueryData<SavedSearch[]>(searchKeys.saved(userIndex), (list) => [
        ...(list ?? []),
        saved,
      ]);
      snackbar.show({ type: 'success', message: t('saved.created'), timeout: limits.snackbarTimeoutMs });
    },
  });
}

/** DELETE /api/u/{i}/search/saved/{id}; gone already (404) is as good as deleted. */
export function useDeleteSavedSearch(userIndex: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => callApi(searchEndpoints.deleteSavedSearch, { params: { userIndex, id } }),
    onSettled: (_data, _error, id) =>
      queryClient.setQueryData<SavedSearch[]>(searchKeys.saved(userIndex), (list) =>
        list?.filter((saved) => saved.id !== id),
      ),
  });
}
