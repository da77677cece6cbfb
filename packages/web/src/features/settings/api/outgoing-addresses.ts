import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  outgoingAddressesEndpoints as endpoints,
  type OutgoingAddress,
  type OutgoingAddressCreate,
  type OutgoingAddressesResponse,
} from '@webmail/contracts';
import { callApi } from '../../../shared/api/call-api';
import { settingsKeys } from './settings.keys';

/** GET /api/u/{i}/settings/whitelist: every outgoing address, verified or waiting for its code. */
export function outgoingAddressesQueryOptions(userIndex: number) {
  return queryOptions({
    queryKey: settingsKeys.outgoingAddressList(userIndex),
    queryFn: ({ signal }) => callApi(endpoints.list, { params: { userIndex } }, { signal }),
  });
}

export const useOutgoingAddresses = (userIndex: number) => useQuery(outgoingAddressesQueryOptions(userIndex));

/** GET …/whitelist/verified: the From choices of the composer besides the account itself. */
export function useVerifiedAddresses(userIndex: number, options: { enabled?: boolean } = {}) {
  return useQuery({
    queryKey: settingsKeys.verifiedAddresses(userIndex),
    queryFn: ({ signal }) => callApi(endpoints.verified, { params: { userIndex } }, { signal }),
    enabled: options.enabled ?? true,
    retry: false,
  });
}

/** A changed or new address into the cached list (sorted as the server sorts: by address). */
export function putOutgoingAddress(data: OutgoingAddressesResponse | undefined, saved: OutgoingAddress) {
  if (!data) return data;
  const others = data.addresses.filter((a) => a.id !== saved.id);
  return { addresses: [...others, saved].sort((a, b) => a.address.localeCompare(b.address)) };
}

/** Every change: the saved address into the list at once, then both lists read again (verified may differ). */
function useAddressMutation<V>(userIndex: number, mutationFn: (variables: V) => Promise<OutgoingAddress>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    meta: { errorSnackbar: false },
    onSuccess: (saved) =>
      queryClient.setQueryData<OutgoingAddressesResponse>(
        settingsKeys.outgoingAddressList(userIndex),
        (data) => putOutgoingAddress(data, saved),
      ),
    onSettled: () => queryClient.invalidateQueries({ queryKey: settingsKeys.outgoingAddresses(userIndex) }),
  });
}

/** POST …/whitelist: adds the address and mails it a code; the caller shows what failed (the form keeps it). */
export const useAddOutgoingAddress = (userIndex: number) =>
  useAddressMutation(userIndex, (body: OutgoingAddressCreate) =>
    callApi(endpoints.create, { params: { userIndex }, body }),
  );

export const useVerifyOutgoingAddress = (userIndex: number) =>
  useAddressMutation(userIndex, ({ id, code }: { id: string; code: string }) =>
    callApi(endpoints.verify, { params: { userIndex, id }, body: { code } }),
  );

export const useResendVerification = (userIndex: number) =>
  useAddressMutation(userIndex, (id: string) => callApi(endpoints.resend, { params: { userIndex, id } }));

export const useRenameOutgoingAddress = (userIndex: number) =>
  useAddressMutation(userIndex, ({ id, name }: { id: string; name: string }) =>
    callApi(endpoints.update, { params: { userIndex, id }, body: { name } }),
  );

/** DELETE …/whitelist/{id}: the row leaves the list at once and comes back on failure. */
export function useDeleteOutgoingAddress(userIndex: number) {
  const queryClient = useQueryClient();
  const key = settingsKeys.outgoingAddressList(userIndex);
  return useMutation({
    mutationFn: (id: string) => callApi(endpoints.remove, { params: { userIndex, id } }),
    meta: { errorSnackbar: false },
    onMutate: async (id) => {
      await queryClient.cancelQueries({ queryKey: key });
      const before = queryClient.getQueryData<OutgoingAddressesResponse>(key);
      if (before) queryClient.setQueryData(key, { addresses: before.addresses.filter((a) => a.id !== id) });
      return { before };
    },
    onError: (_error, _id, context) => {
      if (context?.before) queryClient.setQueryData(key, context.before);
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: settingsKeys.outgoingAddresses(userIndex) }),
  });
}
