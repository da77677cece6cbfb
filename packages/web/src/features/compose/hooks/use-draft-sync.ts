import { useCallback, useMemo, useState } from 'react';
import { fieldErrorTexts } from '../../../shared/api/error-text';
import { useTranslation } from '../../../shared/i18n/translation';
import { draftStateOf } from '../lib/draft-state';
import { writeComposerLocalDraft } from '../lib/local-draft-store';
import { useAutosave } from './use-autosave';
import { useDraftSaver, type DraftSaverOptions } from './use-draft-saver';

export type DraftSyncOptions = DraftSaverOptions;

/**
 * Keeps a draft saved: every change goes to the local copy at once and
 * to `PUT /compose/drafts/{draftId}` after a pause while typing, and right away when the page is hidden,
 * closed or left. One save runs at a time; changes made meanwhile are saved after it. A save that cannot
 * reach the server is retried later, and the local copy keeps the text meanwhile. Its states: saving,
 * saved, sending, notSaved (changes not on the server yet), notEdited (nothing stored).
 *
 * The saves themselves are `useDraftSaver`'s, the timing `useAutosave`'s; this hook adds the hold while a
 * send is under way and what the composer shows.
 */
export function useDraftSync(options: DraftSyncOptions) {
  const { userIndex, draftId, editedAt } = options;
  const [sending, setSending] = useState(false);
  const { t: tErrors } = useTranslation('errors');
  const saver = useDraftSaver(options);
  const { save, latestRef, savedRef, heldRef, status } = saver;
  const fieldErrors = useMemo(() => fieldErrorTexts(status.refusal, tErrors), [status.refusal, tErrors]);
  const debouncer = useAutosave(options, saver);

  const dirty = editedAt > status.savedRevision;
  return {
    state: draftStateOf({ sending, saving: status.saving, dirty, onServer: status.onServer }),
    dirty,
    lastResult: status.lastResult,
    offline: status.offline,
    fieldErrors,
    /** Saves pending changes now. */
    flush: useCallback(() => {
      debouncer.cancel();
      void save();
    }, [debouncer, save]),
    /** Sending: no automatic saves meanwhile (the send request saves the draft itself). */
    hold: useCallback(() => {
      heldRef.current = true;
      debouncer.cancel();
      setSending(true);
    }, [debouncer, heldRef]),
    /** The send did not go out: back to saving automatically. */
    resume: useCallback(() => {
      heldRef.current = false;
      setSending(false);
      debouncer.schedule();
    }, [debouncer, heldRef]),
    /** The send request stored this revision in Drafts. */
    markSent: useCallback(
      (revision: number) => {
        savedRef.current = Math.max(savedRef.current, revision);
        writeComposerLocalDraft(userIndex, draftId, latestRef.current, savedRef.current);
      },
      [userIndex, draftId, latestRef, savedRef],
    ),
  };
}
