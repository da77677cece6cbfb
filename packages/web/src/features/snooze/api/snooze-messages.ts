import { useMutation, useQueryClient } from '@tanstack/react-query';
import { snoozeEndpoints, type SnoozeMessageRef } from '@webmail/contracts';
import { callApi } from '../../../shared/api/call-api';
import { snoozedChanged } from './snooze.cache';

/** POST /api/u/{i}/snoozed: the messages leave their folder until `wakeAt`. */
export function useSnoozeMessages(userIndex: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { messages: SnoozeMessageRef[]; wakeAt: number }) =>
      callApi(snoozeEndpoints.snooze, {
        params: { userIndex },
        body: { messages: input.messages, wakeAt: new Date(input.wakeAt).toISOString() },
      }),
    onSettled: () => snoozedChanged(queryClient, userIndex),
  });
}
