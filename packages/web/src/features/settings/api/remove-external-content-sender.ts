import { useMutation, useQueryClient } from '@tanstack/react-query';
import { settingsEndpoints, type ExternalContentSettings } from '@webmail/contracts';
import { callApi } from '../../../shared/api/call-api';
import { settingsKeys } from './settings.keys';

/** DELETE /api/u/{i}/settings/externalContent/senders/{id}; the row leaves the list at once, back on failure. */
export function useRemoveExternalContentSender(userIndex: number) {
  const queryClient = useQueryClient();
  const key = settingsKeys.externalContent(userIndex);
  return useMutation({
    mutationFn: (id: string) =>
      callApi(settingsEndpoints.removeExternalContentSender, { params: { userIndex, id } }),
    onMutate: async (id) => {
      await queryClient.cancelQueries({ queryKey: key });
      const before = queryClient.getQueryData<ExternalContentSettings>(key);
      if (before) {
        queryClient.setQueryData<ExternalContentSettings>(key, {
          ...before,
          senders: before.senders.filter((sender) => sender.id !== id),
        });
      }
      return { before };
    },
    onError: (_error, _id, context) => {
      if (context?.before) queryClient.setQueryData(key, context.before);
    },
    onSettled: () => void queryClient.invalidateQueries({ queryKey: key }),
  });
}
