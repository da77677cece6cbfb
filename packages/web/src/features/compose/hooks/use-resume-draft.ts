import { useQuery } from '@tanstack/react-query';
import { useEffect, useMemo, useState } from 'react';
import { shouldRetryRequest } from '../../../shared/api/retry-policy';
import { getDraft } from '../api/drafts';
import { composeKeys } from '../api/compose.keys';
import type { ComposerDraft } from '../lib/composer-draft';
import { pruneLocalDrafts, readLocalDraft } from '../lib/local-draft-store';
import { pickStartingDraft, type StartingDraft } from '../lib/starting-draft';

export type ResumeResult =
  { status: 'loading' } | { status: 'error'; retry: () => void } | { status: 'ready'; start: StartingDraft };

/**
 * What `compose/{draftId}` opens with: the local copy and the Drafts copy (`GET /compose/drafts/{id}`), the
 * newer winning. A draft created by this very navigation (`initial`, no local copy yet) is not asked for. When
 * the server cannot be reached, a local copy is enough to go on; without one the page offers Retry.
 */
export function useResumeDraft(
  userIndex: number,
  draftId: string,
  initial: ComposerDraft | undefined,
): ResumeResult {
  const [local] = useState(() => readLocalDraft(userIndex, draftId));
  const fresh = initial !== undefined && local === null;
  const server = useQuery({
    queryKey: composeKeys.draft(userIndex, draftId),
    queryFn: ({ signal }) => getDraft(userIndex, draftId, signal),
    enabled: !fresh,
    // Read once per opening: the composer owns the content from then on.
    gcTime: 0,
    staleTime: Infinity,
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
    // With a local copy there is no need to wait through retries for the server.
    retry: local ? false : shouldRetryRequest,
    meta: { errorSnackbar: false },
  });

  useEffect(() => pruneLocalDrafts(Date.now()), []);

  const start = useMemo(() => {
    if (fresh) return pickStartingDraft(null, null, initial);
    if (server.isSuccess) return pickStartingDraft(local, server.data, initial);
    if (server.isError && local) return pickStartingDraft(local, undefined, initial);
    return null;
  }, [fresh, initial, local, server.data, server.isError, server.isSuccess]);

  if (start) return { status: 'ready', start };
  if (server.isError) return { status: 'error', retry: () => void server.refetch() };
  return { status: 'loading' };
}
