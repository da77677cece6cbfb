import { queryOptions, useQuery } from '@tanstack/react-query';
import { settingsEndpoints, type DisplayDensity, type ViewMode } from '@webmail/contracts';
import { callApi } from '../../../shared/api/call-api';
import { settingsKeys } from './settings.keys';

/** GET /api/u/{i}/details: the user's details and stored preferences. */
export function userDetailsQueryOptions(userIndex: number) {
  return queryOptions({
    queryKey: settingsKeys.details(userIndex),
    queryFn: ({ signal }) => callApi(settingsEndpoints.details, { params: { userIndex } }, { signal }),
  });
}

export function useUserDetails(userIndex: number) {
  return useQuery(userDetailsQueryOptions(userIndex));
}

export interface ListPreferences {
  viewMode: ViewMode;
  density: DisplayDensity;
}

/** The stored reading layout and density; the defaults until the details have loaded (or when they fail). */
export function useListPreferences(userIndex: number): ListPreferences {
  const { data } = useQuery({
    ...userDetailsQueryOptions(userIndex),
    select: (d): ListPreferences => ({ viewMode: d.view_mode, density: d.meta.displayDensity }),
  });
  return data ?? { viewMode: '3-panel', density: 'default' };
}
