import { useQueryClient } from '@tanstack/react-query';
import type { DraftState, SaveResult } from '@webmail/contracts';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { isApiRequestError } from '../../../shared/api/api-request-error';
import { fieldErrorTexts } from '../../../shared/api/error-text';
import { useTranslation } from '../../../shared/i18n/translation';
import { saveDraft } from '../api/drafts';
import { refreshDraftsFolder } from '../api/drafts-folder';
import { draftContentOf, type ComposerDraft } from '../lib/composer-draft';
import { createDebouncer } from '../lib/debouncer';
import { writeLocalDraft } from '../lib/local-draft-store';
import type { StartingDraft } from '../lib/starting-draft';

/** Saved this long after typing stops, and at least this often while it goes on. */
export const autosaveDelayMs = 2000;
export const autosaveMaxWaitMs = 10_000;
/** A save that could not reach the server is tried again after this long (and when the browser is online). */
export const autosaveRetryMs = 15_000;

export interface DraftSyncOptions {
  userIndex: number;
  draftId: string;
  draft: ComposerDraft;
  editedAt: number;
  start: StartingDraft;
}

/**
 * Keeps a draft saved: every change goes to the local copy at once and
 * to `PUT /compose/drafts/{draftId}` after a pause while typing, and right away when the page is hidden,
 * closed or left. One save runs at a time; changes made meanwhile are saved after it. A save that cannot
 * reach the server is retried later, and the local copy keeps the text meanwhile. Its states: saving,
 * saved, sending, notSaved (changes not on the server yet), notEdited (nothing stored).
 */
export function useDraftSync({ userIndex, draftId, draft, editedAt, start }: DraftSyncOptions) {
  const [savedRevision, setSavedRevision] = useState(start.savedRevision);
  const [onServer, setOnServer] = useState(start.onServer);
  const [saving, setSaving] = useState(false);
  const [sending, setSending] = useState(false);
  const [lastResult, setLastResult] = useState<SaveResult | null>(null);
  const [offline, setOffline] = useState(false);
  const { t: tErrors } = useTranslation('errors');
  const queryClient = useQueryClient();
  /** The server's last refusal (422) of a save; its field errors are shown in the interface language. */
  const [refusal, setRefusal] = useState<unknown>(null);
  const fieldErrors = useMemo(() => fieldErrorTexts(refusal, tErrors), [refusal, tErrors]);

  const latest = useRef({ draft, editedAt });
  const saved = useRef(start.savedRevision);
  /** A revision the server refused (422): not tried again until the user changes something. */
  const refused = useRef<number | null>(null);
  const inFlight = useRef(false);
  const held = useRef(false);
  const retryTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  const save = useCallback(
    async function run(): Promise<void> {
      const { draft: current, editedAt: revision } = latest.current;
      if (held.current || inFlight.current) return;
      if (revision <= saved.current || revision === refused.current) return;
      inFlight.current = true;
      clearTimeout(retryTimer.current);
      let unreachable = false;
      setSaving(true);
      try {
        const response = await saveDraft(userIndex, draftId, { revision, draft: draftContentOf(current) });
        saved.current = Math.max(saved.current, revision);
        setSavedRevision(saved.current);
        setLastResult(response.result);
        if (response.result !== 'nothingToSave') setOnServer(true);
        if (response.result === 'saved') refreshDraftsFolder(queryClient, userIndex);
        setOffline(false);
        setRefusal(null);
        const now = latest.current;
        writeLocalDraft(userIndex, draftId, {
          draft: now.draft,
          updatedAt: now.editedAt,
          savedRevision: saved.current,
        });
      } catch (error) {
        if (isApiRequestError(error) && error.status === 422) {
          refused.current = revision;
          setLastResult('validationError');
          setRefusal(error);
        } else {
          // Offline, timed out or the server restarting: the local copy holds the text until a retry works.
          unreachable = true;
          setOffline(true);
          retryTimer.current = setTimeout(() => void run(), autosaveRetryMs);
        }
      } finally {
        inFlight.current = false;
        setSaving(false);
      }
      // Changes made while this save was on the wire (after a failure the retry timer takes over).
      if (!unreachable && latest.current.editedAt > saved.current) void run();
    },
    [userIndex, draftId, queryClient],
  );

  const debouncer = useMemo(
    () => createDebouncer(() => void save(), autosaveDelayMs, autosaveMaxWaitMs),
    [save],
  );

  useEffect(() => {
    latest.current = { draft, editedAt };
    if (editedAt <= saved.current) return;
    writeLocalDraft(userIndex, draftId, {
      draft,
      updatedAt: editedAt,
      savedRevision: saved.current || null,
    });
    if (!held.current) debouncer.schedule();
  }, [draft, editedAt, userIndex, draftId, debouncer]);

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
      clearTimeout(retryTimer.current);
    };
  }, [debouncer, save]);

  const dirty = editedAt > savedRevision;
  let state: DraftState = onServer ? 'saved' : 'notEdited';
  if (sending) state = 'sending';
  else if (saving) state = 'saving';
  else if (dirty) state = 'notSaved';

  return {
    state,
    dirty,
    lastResult,
    offline,
    fieldErrors,
    /** Saves pending changes now. */
    flush: useCallback(() => {
      debouncer.cancel();
      void save();
    }, [debouncer, save]),
    /** Sending: no automatic saves meanwhile (the send request saves the draft itself). */
    hold: useCallback(() => {
      held.current = true;
      debouncer.cancel();
      setSending(true);
    }, [debouncer]),
    /** The send did not go out: back to saving automatically. */
    resume: useCallback(() => {
      held.current = false;
      setSending(false);
      debouncer.schedule();
    }, [debouncer]),
    /** The send request stored this revision in Drafts. */
    markSent: useCallback(
      (revision: number) => {
        saved.current = Math.max(saved.current, revision);
        const now = latest.current;
        writeLocalDraft(userIndex, draftId, {
          draft: now.draft,
          updatedAt: now.editedAt,
          savedRevision: saved.current,
        });
      },
      [userIndex, draftId],
    ),
  };
}
