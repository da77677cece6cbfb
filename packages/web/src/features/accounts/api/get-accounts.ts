import { queryOptions, useQuery } from '@tanstack/react-query';
import { AccountsResponse } from '@webmail/contracts';
import { apiRequest } from '../../../shared/api/api-client';
import { accountsKeys } from './accounts.keys';

/** GET /api/auth/accounts: the accounts signed in on this device (spec §3 account list entry). */
export function accountsQueryOptions() {
  return queryOptions({
    queryKey: accountsKeys.list(),
    queryFn: ({ signal }) => apiRequest('/auth/accounts', { schema: AccountsResponse, signal }),
    select: (response) => response.accounts,
  });
}

export function useAccounts() {
  return useQuery(accountsQueryOptions());
}
