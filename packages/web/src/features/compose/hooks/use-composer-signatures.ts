import { useContext } from 'react';
import { useSignatures } from '../../signatures/api/signatures';
import type { EditorSignature } from '../../../shared/editor/signature-block';
import { SignaturesGateContext } from '../lib/signatures-gate';

/**
 * The signatures the composer offers: the default one goes into a new draft, all of them into the body's menu.
 * Undefined while they are not known yet; null when there are none to offer: the plan leaves them out (the route's
 * `SignaturesGateContext`), they could not be read, or reading waits for a connection (a new draft does not wait for
 * the network). Read once without retries: a plan without signatures answers 403, which counts as none.
 */
export function useComposerSignatures(userIndex: number): readonly EditorSignature[] | null | undefined {
  const disabled = useContext(SignaturesGateContext) !== null;
  const list = useSignatures(userIndex, { enabled: !disabled, once: true });
  if (disabled || list.isError || list.isPaused) return null;
  return list.data?.signatures;
}
