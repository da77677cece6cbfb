import { queryOptions, useQuery } from '@tanstack/react-query';
import { authEndpoints } from '@webmail/contracts';
import { callApi } from '../../../shared/api/call-api';
import { accountsKeys } from './accounts.keys';

/**
 * GET /api/auth/accounts: every account this device remembers, signed in or not.
 * Whether one is signed in is its expiry cookie (`hasActiveSession`), not part of the answer.
 */
export function accountsQueryOptions() {
  return queryOptions({
    queryKey: accountsKeys.list(),
    queryFn: ({ signal }) => callApi(authEndpoints.accounts, {}, { signal }),
  });
}

export function useAccounts() {
  return useQuery({ ...accountsQueryOptions(), select: (response) => response.accounts });
}
