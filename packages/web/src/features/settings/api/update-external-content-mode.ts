import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  settingsEndpoints,
  type ExternalContentMode,
  type ExternalContentSettings,
} from '@webmail/contracts';
import { callApi } from '../../../shared/api/call-api';
import { idempotentMutationRetry } from '../../../shared/api/retry-policy';
import { settingsKeys } from './settings.keys';

/**
 * PATCH /api/u/{i}/settings/externalContent {mode}. Optimistic: the radio moves at once and moves back if the
 * server refuses. The value is absolute, so sending it again is harmless (the query retry schedule applies).
 */
export function useUpdateExternalContentMode(userIndex: number) {
  const queryClient = useQueryClient();
  const key = settingsKeys.externalContent(userIndex);
  return useMutation({
    ...idempotentMutationRetry,
    mutationFn: (mode: ExternalContentMode) =>
      callApi(settingsEndpoints.updateExternalContent, { params: { userIndex }, body: { mode } }),
    onMutate: async (mode) => {
      await queryClient.cancelQueries({ queryKey: key });
      const before = queryClient.getQueryData<ExternalContentSettings>(key);
      if (before) queryClient.setQueryData<ExternalContentSettings>(key, { ...before, mode });
      return { before };
    },
    onError: (_error, _mode, context) => {
      if (context?.before) queryClient.setQueryData(key, context.before);
    },
    onSuccess: (settings) => queryClient.setQueryData(key, settings),
  });
}
