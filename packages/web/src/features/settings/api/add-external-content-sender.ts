import { useMutation, useQueryClient } from '@tanstack/react-query';
import { settingsEndpoints, type ExternalContentSettings } from '@webmail/contracts';
import { callApi } from '../../../shared/api/call-api';
import { settingsKeys } from './settings.keys';

/**
 * POST /api/u/{i}/settings/externalContent/senders {address}: always show remote content from this sender. The
 * server answers the existing entry for an address already listed, so the list is patched by id.
 */
export function useAddExternalContentSender(userIndex: number) {
  const queryClient = useQueryClient();
  const key = settingsKeys.externalContent(userIndex);
  return useMutation({
    mutationFn: (address: string) =>
      callApi(settingsEndpoints.addExternalContentSender, { params: { userIndex }, body: { address } }),
    onSuccess: (sender) => {
      queryClient.setQueryData<ExternalContentSettings>(key, (data) =>
        data && !data.senders.some((s) => s.id === sender.id)
          ? { ...data, senders: [sender, ...data.senders] }
          : data,
      );
      void queryClient.invalidateQueries({ queryKey: key });
    },
  });
}
