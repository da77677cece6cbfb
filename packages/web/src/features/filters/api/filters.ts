import {
  queryOptions,
  useMutation,
  useQuery,
  useQueryClient,
  type QueryKey,
  type UseQueryOptions,
} from '@tanstack/react-query';
import { filtersEndpoints, type FilterInput, type FilterPatch } from '@webmail/contracts';
import { callApi, endpointUrl } from '../../../shared/api/call-api';
import { invalidateMailboxes } from '../../messages/api/mass-action-cache';
import { filtersKeys } from './filters.keys';

/** GET /api/u/{i}/filters: the filters in order (null when switched off) and the active script's state. */
export function useFilters(userIndex: number) {
  return useQuery({
    queryKey: filtersKeys.list(userIndex),
    queryFn: ({ signal }) => callApi(filtersEndpoints.list, { params: { userIndex } }, { signal }),
  });
}

/** A mutation of the filter list: the caller shows the outcome; the list is read again afterwards. */
function useListMutation<V, R>(userIndex: number, call: (variables: V) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    meta: { errorSnackbar: false },
    onSettled: () => queryClient.invalidateQueries({ queryKey: filtersKeys.list(userIndex) }),
  });
}

/** POST /filters (id null) or PATCH /filters/{id} with the full body. */
export const useSaveFilter = (userIndex: number) =>
  useListMutation(userIndex, ({ id, body }: { id: string | null; body: FilterInput }) =>
    id === null
      ? callApi(filtersEndpoints.create, { params: { userIndex }, body })
      : callApi(filtersEndpoints.update, { params: { userIndex, id }, body }),
  );

/** PATCH /filters/{id} {disabled}. */
export const useToggleFilter = (userIndex: number) =>
  useListMutation(userIndex, ({ id, disabled }: { id: string; disabled: boolean }) =>
    callApi(filtersEndpoints.update, { params: { userIndex, id }, body: { disabled } satisfies FilterPatch }),
  );

export const useDeleteFilter = (userIndex: number) =>
  useListMutation(userIndex, (id: string) => callApi(filtersEndpoints.remove, { params: { userIndex, id } }));

export const useMoveFilterToBottom = (userIndex: number) =>
  useListMutation(userIndex, (id: string) =>
    callApi(filtersEndpoints.moveToBottom, { params: { userIndex, id } }),
  );

export const useMassDeleteFilters = (userIndex: number) =>
  useListMutation(userIndex, (ids: string[]) =>
    callApi(filtersEndpoints.massDelete, { params: { userIndex }, body: { ids } }),
  );

export const useMassToggleFilters = (userIndex: number) =>
  useListMutation(userIndex, (body: { ids: string[]; disabled: boolean }) =>
    callApi(filtersEndpoints.massToggle, { params: { userIndex }, body }),
  );

/** GET /filters/{id}/inboxMatches: how many Inbox messages the filter matches now (asked before applying it). */
export const fetchInboxMatches = (userIndex: number, id: string) =>
  callApi(filtersEndpoints.inboxMatches, { params: { userIndex, id } });

/**
 * POST /filters/{id}/applyToInbox: the filter's actions on the Inbox messages it matches. Mail moved and flags
 * changed: every list, count and search showing mail is read again.
 */
export function useApplyToInbox(userIndex: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => callApi(filtersEndpoints.applyToInbox, { params: { userIndex, id } }),
    meta: { errorSnackbar: false },
    onSettled: () => invalidateMailboxes(queryClient, userIndex),
  });
}

/** POST /filters/import (multipart `filtersImport`, Gmail's mailFilters.xml). */
export const useImportFilters = (userIndex: number) =>
  useListMutation(userIndex, (file: File) => {
    const form = new FormData();
    form.append('filtersImport', file);
    return callApi(filtersEndpoints.importFilters, { params: { userIndex }, body: form });
  });

/** POST /filters/script/takeOver: our script becomes the active one; the other client's stays on the server. */
export const useTakeOverScript = (userIndex: number) =>
  useListMutation(userIndex, () =>
    callApi(filtersEndpoints.takeOver, { params: { userIndex }, body: { replace: true } }),
  );

/** GET /filters/export: a download the browser makes itself (mailFilters.xml). */
export const filtersExportUrl = (userIndex: number): string =>
  endpointUrl(filtersEndpoints.exportFilters, { userIndex });

/** A setting beside the filters (targets, auto-reply, spam level): read, and replaced whole. */
function useSetting<T, Key extends QueryKey>(
  options: UseQueryOptions<T, Error, T, Key> & { queryKey: Key },
  put: (value: T) => Promise<T>,
) {
  const queryClient = useQueryClient();
  const query = useQuery(options);
  const save = useMutation({
    mutationFn: put,
    meta: { errorSnackbar: false },
    onSuccess: (saved) => queryClient.setQueryData<T>(options.queryKey, saved),
  });
  return { query, save };
}

export const useForwardingTargets = (userIndex: number) =>
  useSetting(
    {
      queryKey: filtersKeys.targets(userIndex),
      queryFn: ({ signal }) => callApi(filtersEndpoints.getTargets, { params: { userIndex } }, { signal }),
    },
    (body) => callApi(filtersEndpoints.setTargets, { params: { userIndex }, body }),
  );

/** The auto-reply (GET): its page, and the banner every page of the user shows while it is on. */
export function autoreplyQueryOptions(userIndex: number) {
  return queryOptions({
    queryKey: filtersKeys.autoreply(userIndex),
    queryFn: ({ signal }) => callApi(filtersEndpoints.getAutoreply, { params: { userIndex } }, { signal }),
  });
}

export const useAutoreply = (userIndex: number) =>
  useSetting(autoreplyQueryOptions(userIndex), (body) =>
    callApi(filtersEndpoints.setAutoreply, { params: { userIndex }, body }),
  );

export const useSpamLevel = (userIndex: number) =>
  useSetting(
    {
      queryKey: filtersKeys.spamLevel(userIndex),
      queryFn: ({ signal }) => callApi(filtersEndpoints.getSpamLevel, { params: { userIndex } }, { signal }),
    },
    ({ spamLevel }) => callApi(filtersEndpoints.setSpamLevel, { params: { userIndex }, body: { spamLevel } }),
  );
