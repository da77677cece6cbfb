import { queryOptions, useQuery } from '@tanstack/react-query';
import { ExternalContentSettings } from '@webmail/contracts';
import { apiRequest } from '../../../shared/api/api-client';
import { externalContentPaths } from './external-content-paths';
import { settingsKeys } from './settings.keys';

/** GET /api/u/{i}/settings/externalContent: the mode and the senders whose remote content always shows. */
export function externalContentQueryOptions(userIndex: number) {
  return queryOptions({
    queryKey: settingsKeys.externalContent(userIndex),
    queryFn: ({ signal }) =>
      apiRequest(externalContentPaths.settings(userIndex), { schema: ExternalContentSettings, signal }),
  });
}

export function useExternalContent(userIndex: number) {
  return useQuery(externalContentQueryOptions(userIndex));
}
