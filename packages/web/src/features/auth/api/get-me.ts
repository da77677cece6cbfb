import { queryOptions, useQuery } from '@tanstack/react-query';
import { authEndpoints, limits } from '@webmail/contracts';
import { callApi } from '../../../shared/api/call-api';
import { authKeys } from './auth.keys';

/** GET /api/auth/me: the signed-in user of this index; polled every 15 minutes. */
export function meQueryOptions(userIndex: number) {
  return queryOptions({
    queryKey: authKeys.me(userIndex),
    queryFn: ({ signal }) => callApi(authEndpoints.me, { query: { userIndex } }, { signal }),
    refetchInterval: limits.authPollMs,
  });
}

export function useMe(userIndex: number) {
  return useQuery(meQueryOptions(userIndex));
}
