import { useCallback, useState } from 'react';
import type { ComposerDraft } from '../lib/composer-draft';
import type { StartingDraft } from '../lib/starting-draft';

export type DraftPatch = Partial<ComposerDraft> | ((draft: ComposerDraft) => Partial<ComposerDraft>);

/**
 * The composer's content and when the user last changed it. `editedAt` (ms, strictly increasing) is the
 * revision sent with each save, which lets the server skip an older save and lets the newer of the local and
 * the server copy win.
 */
export function useComposerForm(start: StartingDraft) {
  const [form, setForm] = useState({ draft: start.draft, editedAt: start.editedAt });
  const update = useCallback((patch: DraftPatch) => {
    const now = Date.now();
    setForm((previous) => ({
      draft: { ...previous.draft, ...(typeof patch === 'function' ? patch(previous.draft) : patch) },
      editedAt: Math.max(now, previous.editedAt + 1),
    }));
  }, []);
  return { draft: form.draft, editedAt: form.editedAt, update };
}
