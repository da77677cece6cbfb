import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { signaturesEndpoints, type SignatureCreate, type SignaturePatch } from '@webmail/contracts';
import { callApi } from '../../../shared/api/call-api';
import { dropSignature, putSignature } from './signatures.cache';
import { signaturesKeys } from './signatures.keys';

/** GET /api/u/{i}/signatures: the default first, then by name. */
export function signaturesQueryOptions(userIndex: number) {
  return queryOptions({
    queryKey: signaturesKeys.list(userIndex),
    queryFn: ({ signal }) => callApi(signaturesEndpoints.list, { params: { userIndex } }, { signal }),
  });
}

/**
 * The list. `once`: a failure is final at once (the composer waits for the list before it opens a new draft, and
 * opens it without a signature rather than keeping the user waiting through retries).
 */
export const useSignatures = (userIndex: number, options: { enabled?: boolean; once?: boolean } = {}) =>
  useQuery({
    ...signaturesQueryOptions(userIndex),
    enabled: options.enabled ?? true,
    ...(options.once ? { retry: false } : {}),
  });

/** POST …/signatures; the caller shows what failed (the form keeps what was typed). */
export function useCreateSignature(userIndex: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: SignatureCreate) =>
      callApi(signaturesEndpoints.create, { params: { userIndex }, body }),
    meta: { errorSnackbar: false },
    onSuccess: (saved) => putSignature(queryClient, userIndex, saved),
    onSettled: () => queryClient.invalidateQueries({ queryKey: signaturesKeys.list(userIndex) }),
  });
}

export function useUpdateSignature(userIndex: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, patch }: { id: string; patch: SignaturePatch }) =>
      callApi(signaturesEndpoints.update, { params: { userIndex, id }, body: patch }),
    meta: { errorSnackbar: false },
    onSuccess: (saved) => putSignature(queryClient, userIndex, saved),
    onSettled: () => queryClient.invalidateQueries({ queryKey: signaturesKeys.list(userIndex) }),
  });
}

export function useDeleteSignature(userIndex: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => callApi(signaturesEndpoints.remove, { params: { userIndex, id } }),
    onSuccess: (_result, id) => dropSignature(queryClient, userIndex, id),
    onSettled: () => queryClient.invalidateQueries({ queryKey: signaturesKeys.list(userIndex) }),
  });
}
