import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { composeEndpoints, composeLimits } from '@webmail/contracts';
import { callApi } from '../../../shared/api/call-api';
import { searchKeys } from './search.keys';

/**
 * People to suggest while typing in the search bar: the compose feature's recent-parties endpoint (people
 * written to or received from, best first), called through its descriptor under this feature's own key. Skipped
 * for an empty word or one over 255 characters.
 */
export function partySuggestionsQueryOptions(userIndex: number, word: string) {
  return queryOptions({
    queryKey: searchKeys.parties(userIndex, word),
    queryFn: async ({ signal }) =>
      (
        await callApi(
          composeEndpoints.recentParties,
          { params: { userIndex }, query: { query: word, limit: 5 } },
          { signal },
        )
      ).recentParties,
    enabled: word.length > 0 && word.length <= composeLimits.recentPartyQueryMax,
    staleTime: 60_000,
    meta: { errorSnackbar: false },
  });
}

export function usePartySuggestions(userIndex: number, word: string) {
  return useQuery({ ...partySuggestionsQueryOptions(userIndex, word), placeholderData: keepPreviousData });
}
