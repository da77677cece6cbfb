import { queryOptions, useQuery } from '@tanstack/react-query';
import { limits, LoggedInUser } from '@webmail/contracts';
import { apiRequest } from '../../../shared/api/api-client';
import { authKeys } from './auth.keys';

/** GET /api/auth/me: the signed-in user of this index; polled every 15 minutes (spec §7, §9). */
export function meQueryOptions(userIndex: number) {
  return queryOptions({
    queryKey: authKeys.me(userIndex),
    queryFn: ({ signal }) => apiRequest('/auth/me', { query: { userIndex }, schema: LoggedInUser, signal }),
    refetchInterval: limits.authPollMs,
  });
}

export function useMe(userIndex: number) {
  return useQuery(meQueryOptions(userIndex));
}
