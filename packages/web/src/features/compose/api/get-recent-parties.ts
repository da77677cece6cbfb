import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { composeEndpoints, composeLimits } from '@webmail/contracts';
import { callApi } from '../../../shared/api/call-api';
import { composeKeys } from './compose.keys';

/** The search is skipped for an empty query or one over 255 characters. */
export function isSearchableQuery(query: string): boolean {
  return query.length > 0 && query.length <= composeLimits.recentPartyQueryMax;
}

/** GET /api/u/{i}/mailbox/compose/recentParties?query=: people written to or received from. */
export function recentPartiesQueryOptions(userIndex: number, query: string) {
  return queryOptions({
    queryKey: composeKeys.recentParties(userIndex, query),
    queryFn: ({ signal }) =>
      callApi(
        composeEndpoints.recentParties,
        { params: { userIndex }, query: { query, limit: composeLimits.recentPartiesDefaultLimit } },
        { signal },
      ).then((response) => response.recentParties),
    enabled: isSearchableQuery(query),
    staleTime: 60_000,
    // Suggestions are a convenience: a failed search shows none instead of an error snackbar.
    meta: { errorSnackbar: false },
  });
}

export function useRecentParties(userIndex: number, query: string) {
  return useQuery({ ...recentPartiesQueryOptions(userIndex, query), placeholderData: keepPreviousData });
}
