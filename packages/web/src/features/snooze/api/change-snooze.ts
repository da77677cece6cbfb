import { useMutation, useQueryClient } from '@tanstack/react-query';
import { snoozeEndpoints } from '@webmail/contracts';
import { callApi } from '../../../shared/api/call-api';
import { snoozedChanged } from './snooze.cache';

/** PATCH /api/u/{i}/snoozed/{id} for each message of a conversation: a new awaken time. */
export function useChangeSnooze(userIndex: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ ids, wakeAt }: { ids: string[]; wakeAt: number }) => {
      const body = { wakeAt: new Date(wakeAt).toISOString() };
      for (const id of ids) await callApi(snoozeEndpoints.change, { params: { userIndex, id }, body });
    },
    onSettled: () => snoozedChanged(queryClient, userIndex),
  });
}
