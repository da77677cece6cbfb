import { queryOptions, useQuery } from '@tanstack/react-query';
import { snoozeEndpoints } from '@webmail/contracts';
import { callApi } from '../../../shared/api/call-api';
import { snoozeKeys } from './snooze.keys';

/** GET /api/u/{i}/snoozed: the snoozed messages with their awaken time. */
export const snoozedQuery = (userIndex: number) =>
  queryOptions({
    queryKey: snoozeKeys.list(userIndex),
    queryFn: ({ signal }) => callApi(snoozeEndpoints.list, { params: { userIndex } }, { signal }),
  });

export const useSnoozed = (userIndex: number, enabled = true) =>
  useQuery({ ...snoozedQuery(userIndex), enabled });
