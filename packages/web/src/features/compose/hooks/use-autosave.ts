import { useEffect, useMemo } from 'react';
import { createDebouncer } from '../lib/debouncer';
import { writeComposerLocalDraft } from '../lib/local-draft-store';
import type { DraftSaver, DraftSaverOptions } from './use-draft-saver';

/** Saved this long after typing stops, and at least this often while it goes on. */
export const autosaveDelayMs = 2000;
export const autosaveMaxWaitMs = 10_000;

/**
 * When the draft is saved. Every change newer than the saved revision goes to the local copy at once and starts
 * the autosave timer (2 s after typing stops, at least every 10 s while it goes on) unless saves are held; the
 * page being hidden or closed saves what is pending at once, coming back online tries again, and leaving the
 * composer saves what is pending and stops the retry timer. Returns the timer, for the sync's flush, hold and
 * resume.
 */
export function useAutosave(
  { userIndex, draftId, draft, editedAt }: DraftSaverOptions,
  { save, cancelRetry, latestRef, savedRef, heldRef }: DraftSaver,
) {
  const debouncer = useMemo(
    () => createDebouncer(() => void save(), autosaveDelayMs, autosaveMaxWaitMs),
    [save],
  );

  useEffect(() => {
    latestRef.current = { draft, editedAt };
    if (editedAt <= savedRef.current) return;
    writeComposerLocalDraft(userIndex, draftId, { draft, editedAt }, savedRef.current || null);
    if (!heldRef.current) debouncer.schedule();
  }, [draft, editedAt, userIndex, draftId, debouncer, latestRef, savedRef, heldRef]);

  useEffect(() => {
    const onVisibility = () => {
      if (document.visibilityState === 'hidden') debouncer.flush();
    };
    const onPageHide = () => debouncer.flush();
    const onOnline = () => void save();
    document.addEventListener('visibilitychange', onVisibility);
    window.addEventListener('pagehide', onPageHide);
    window.addEventListener('online', onOnline);
    return () => {
      document.removeEventListener('visibilitychange', onVisibility);
      window.removeEventListener('pagehide', onPageHide);
      window.removeEventListener('online', onOnline);
      // Leaving the composer: save what is pending now.
      debouncer.flush();
      cancelRetry();
    };
  }, [debouncer, save, cancelRetry]);

  return debouncer;
}
