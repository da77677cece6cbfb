import { queryOptions, useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { composeEndpoints } from '@webmail/contracts';
import { callApi } from '../../../shared/api/call-api';
import { composeKeys } from './compose.keys';

/** GET /api/u/{i}/compose/scheduled: messages waiting for their time, soonest first, with their count. */
export function scheduledQueryOptions(userIndex: number) {
  return queryOptions({
    queryKey: composeKeys.scheduled(userIndex),
    queryFn: ({ signal }) => callApi(composeEndpoints.scheduled, { params: { userIndex } }, { signal }),
    staleTime: 30_000,
  });
}

export function useScheduled(userIndex: number, enabled = true) {
  return useQuery({ ...scheduledQueryOptions(userIndex), enabled });
}

/** Re-read after a change here or a `scheduledChanged`/`scheduledSent` event (the job sent one). */
export function refreshScheduled(queryClient: QueryClient, userIndex: number) {
  return queryClient.invalidateQueries({ queryKey: composeKeys.scheduled(userIndex) });
}

type ScheduledAction =
  | { kind: 'reschedule'; outboxId: string; sendAt: string }
  | { kind: 'sendNow'; outboxId: string }
  | { kind: 'cancel'; outboxId: string };

/** POST …/outbox/{id}/reschedule, …/sendNow or …/cancel (unschedule; also before editing it as a draft). */
export function scheduledAction(userIndex: number, action: ScheduledAction) {
  const params = { userIndex, outboxId: action.outboxId };
  if (action.kind === 'reschedule')
    return callApi(composeEndpoints.reschedule, { params, body: { sendAt: action.sendAt } });
  if (action.kind === 'sendNow') return callApi(composeEndpoints.sendNow, { params });
  return callApi(composeEndpoints.cancelSend, { params });
}

export function useScheduledAction(userIndex: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (action: ScheduledAction) => scheduledAction(userIndex, action),
    onSettled: () => refreshScheduled(queryClient, userIndex),
  });
}
