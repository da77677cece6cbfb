import { queryOptions, useQuery } from '@tanstack/react-query';
import { authEndpoints, limits } from '@webmail/contracts';
import { callApi } from '../../../shared/api/call-api';
import { authKeys } from './auth.keys';

/**
 * GET /api/auth/me: the signed-in user of this index. Also the check that a session still holds: a 401 renews its
 * tokens, and a refused renewal runs the sign-out flow (the API client's rule).
 */
export function fetchMe(userIndex: number, signal?: AbortSignal) {
  return callApi(authEndpoints.me, { query: { userIndex } }, { signal });
}

/** The signed-in user, polled every 15 minutes. */
export function meQueryOptions(userIndex: number) {
  return queryOptions({
    queryKey: authKeys.me(userIndex),
    queryFn: ({ signal }) => fetchMe(userIndex, signal),
    refetchInterval: limits.authPollMs,
  });
}

export function useMe(userIndex: number) {
  return useQuery(meQueryOptions(userIndex));
}
