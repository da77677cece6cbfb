import { useMutation, useQueryClient } from '@tanstack/react-query';
import { snoozeEndpoints } from '@webmail/contracts';
import { callApi } from '../../../shared/api/call-api';
import { snoozedChanged } from './snooze.cache';

/** DELETE /api/u/{i}/snoozed/{id} for each message of a conversation: back to its folder now, unread. */
export function useUnsnooze(userIndex: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (ids: string[]) => {
      for (const id of ids) await callApi(snoozeEndpoints.unsnooze, { params: { userIndex, id } });
    },
    onSettled: () => snoozedChanged(queryClient, userIndex),
  });
}
