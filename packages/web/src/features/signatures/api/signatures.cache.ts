import type { QueryClient } from '@tanstack/react-query';
import type { Signature, SignaturesResponse } from '@webmail/contracts';
import type { EventContext, FeatureEventHandlers } from '../../../shared/api/event-handlers';
import { signaturesKeys } from './signatures.keys';

/** The list as the server orders it: the default first, then by name. */
export function sortSignatures(list: readonly Signature[]): Signature[] {
  return [...list].sort(
    (a, b) =>
      Number(b.default) - Number(a.default) ||
      a.name.localeCompare(b.name) ||
      a.created.localeCompare(b.created),
  );
}

/** A saved signature into the cached list (another one loses the default flag when this one has it). */
export function putSignature(queryClient: QueryClient, userIndex: number, saved: Signature): void {
  queryClient.setQueryData<SignaturesResponse>(signaturesKeys.list(userIndex), (data) => {
    if (!data) return data;
    const others = data.signatures
      .filter((s) => s.id !== saved.id)
      .map((s) => (saved.default && s.default ? { ...s, default: false } : s));
    return { signatures: sortSignatures([...others, saved]) };
  });
}

export function dropSignature(queryClient: QueryClient, userIndex: number, id: string): void {
  queryClient.setQueryData<SignaturesResponse>(signaturesKeys.list(userIndex), (data) =>
    data ? { signatures: data.signatures.filter((s) => s.id !== id) } : data,
  );
}

/** A signature changed or deleted elsewhere: the list is read again. */
const signaturesChanged = (_event: unknown, { queryClient, userIndex }: EventContext) =>
  void queryClient.invalidateQueries({ queryKey: signaturesKeys.list(userIndex) });

export const signaturesEventHandlers = {
  signatureUpdated: signaturesChanged,
  signatureDeleted: signaturesChanged,
} satisfies FeatureEventHandlers;
