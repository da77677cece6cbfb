import { queryOptions, useQuery } from '@tanstack/react-query';
import { upgradeEndpoints } from '@webmail/contracts';
import { callApi } from '../../../shared/api/call-api';
import { upgradeKeys } from './upgrade.keys';

/** GET /api/u/{i}/settings/upgrade: the features the plan lacks and where to upgrade. */
export function upgradeInfoQueryOptions(userIndex: number) {
  return queryOptions({
    queryKey: upgradeKeys.info(userIndex),
    queryFn: ({ signal }) => callApi(upgradeEndpoints.upgrade, { params: { userIndex } }, { signal }),
  });
}

export const useUpgradeInfo = (userIndex: number) => useQuery(upgradeInfoQueryOptions(userIndex));
