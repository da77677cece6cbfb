import { queryOptions, useQuery } from '@tanstack/react-query';
import { settingsEndpoints } from '@webmail/contracts';
import { callApi } from '../../../shared/api/call-api';
import { settingsKeys } from './settings.keys';

/** GET /api/u/{i}/settings/externalContent: the mode and the senders whose remote content always shows. */
export function externalContentQueryOptions(userIndex: number) {
  return queryOptions({
    queryKey: settingsKeys.externalContent(userIndex),
    queryFn: ({ signal }) =>
      callApi(settingsEndpoints.externalContent, { params: { userIndex } }, { signal }),
  });
}

export function useExternalContent(userIndex: number) {
  return useQuery(externalContentQueryOptions(userIndex));
}
