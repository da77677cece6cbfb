import { useQueryClient } from '@tanstack/react-query';
import type { SaveResult } from '@webmail/contracts';
import { useCallback, useRef, useState } from 'react';
import { isApiRequestError } from '../../../shared/api/api-request-error';
import { saveDraft } from '../api/drafts';
import { refreshDraftsFolder } from '../api/drafts-folder';
import { draftContentOf, type ComposerDraft } from '../lib/composer-draft';
import { writeComposerLocalDraft } from '../lib/local-draft-store';
import type { StartingDraft } from '../lib/starting-draft';

/** A save that could not reach the server is tried again after this long (and when the browser is online). */
export const autosaveRetryMs = 15_000;

export interface DraftSaverOptions {
  userIndex: number;
  draftId: string;
  draft: ComposerDraft;
  editedAt: number;
  start: StartingDraft;
}

/**
 * Saving the draft to the server (`PUT /compose/drafts/{draftId}`), one save at a time: `save` sends the latest
 * content unless it is on the server already, the server refused that very revision (422: not tried again until
 * the user changes something), a save is in flight, or saves are held (a send is under way). Changes made while a
 * save was on the wire are saved right after it; a save that could not reach the server is tried again in 15 s.
 * A confirmed save rewrites the local copy with its revision. It owns what the rest of the sync reads and marks:
 * the latest content, the saved revision, the hold, and the outcome shown to the user (`status`).
 */
export function useDraftSaver({ userIndex, draftId, draft, editedAt, start }: DraftSaverOptions) {
  const [savedRevision, setSavedRevision] = useState(start.savedRevision);
  const [onServer, setOnServer] = useState(start.onServer);
  const [saving, setSaving] = useState(false);
  const [lastResult, setLastResult] = useState<SaveResult | null>(null);
  const [offline, setOffline] = useState(false);
  /** The server's last refusal (422) of a save; its field errors are shown in the interface language. */
  const [refusal, setRefusal] = useState<unknown>(null);
  const queryClient = useQueryClient();

  const latestRef = useRef({ draft, editedAt });
  const savedRef = useRef(start.savedRevision);
  /** A revision the server refused (422): not tried again until the user changes something. */
  const refusedRef = useRef<number | null>(null);
  const inFlightRef = useRef(false);
  const heldRef = useRef(false);
  const retryTimerRef = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  const save = useCallback(
    async function run(): Promise<void> {
      const { draft: current, editedAt: revision } = latestRef.current;
      if (heldRef.current || inFlightRef.current) return;
      if (revision <= savedRef.current || revision === refusedRef.current) return;
      inFlightRef.current = true;
      clearTimeout(retryTimerRef.current);
      let unreachable = false;
      setSaving(true);
      try {
        const response = await saveDraft(userIndex, draftId, { revision, draft: draftContentOf(current) });
        savedRef.current = Math.max(savedRef.current, revision);
        setSavedRevision(savedRef.current);
        setLastResult(response.result);
        if (response.result !== 'nothingToSave') setOnServer(true);
        if (response.result === 'saved') refreshDraftsFolder(queryClient, userIndex);
        setOffline(false);
        setRefusal(null);
        writeComposerLocalDraft(userIndex, draftId, latestRef.current, savedRef.current);
      } catch (error) {
        if (isApiRequestError(error) && error.status === 422) {
          refusedRef.current = revision;
          setLastResult('validationError');
          setRefusal(error);
        } else {
          // Offline, timed out or the server restarting: the local copy holds the text until a retry works.
          unreachable = true;
          setOffline(true);
          retryTimerRef.current = setTimeout(() => void run(), autosaveRetryMs);
        }
      } finally {
        inFlightRef.current = false;
        setSaving(false);
      }
      // Changes made while this save was on the wire (after a failure the retry timer takes over).
      if (!unreachable && latestRef.current.editedAt > savedRef.current) void run();
    },
    [userIndex, draftId, queryClient],
  );

  /** Stops a pending retry (the composer is closing). */
  const cancelRetry = useCallback(() => clearTimeout(retryTimerRef.current), []);
  const status = { savedRevision, onServer, saving, lastResult, offline, refusal };
  return { save, cancelRetry, latestRef, savedRef, heldRef, status };
}

export type DraftSaver = ReturnType<typeof useDraftSaver>;
