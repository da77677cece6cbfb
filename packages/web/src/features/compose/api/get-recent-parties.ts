import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { composeLimits, RecentPartiesResponse } from '@webmail/contracts';
import { apiRequest } from '../../../shared/api/api-client';
import { composeKeys } from './compose.keys';
import { composePaths } from './compose-paths';

/** Spec §5: the search is skipped for an empty query or one over 255 characters. */
export function isSearchableQuery(query: string): boolean {
  return query.length > 0 && query.length <= composeLimits.recentPartyQueryMax;
}

/** GET /api/u/{i}/mailbox/compose/recentParties?query=: people written to or received from (spec §3, §7). */
export function recentPartiesQueryOptions(userIndex: number, query: string) {
  return queryOptions({
    queryKey: composeKeys.recentParties(userIndex, query),
    queryFn: ({ signal }) =>
      apiRequest(composePaths.recentParties(userIndex), {
        query: { query, limit: composeLimits.recentPartiesDefaultLimit },
        schema: RecentPartiesResponse,
        signal,
      }).then((response) => response.recentParties),
    enabled: isSearchableQuery(query),
    staleTime: 60_000,
    // Suggestions are a convenience: a failed search shows none instead of an error snackbar.
    meta: { errorSnackbar: false },
  });
}

export function useRecentParties(userIndex: number, query: string) {
  return useQuery({ ...recentPartiesQueryOptions(userIndex, query), placeholderData: keepPreviousData });
}
