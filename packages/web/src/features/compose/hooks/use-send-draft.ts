import { useCallback, useEffect, useRef, useState } from 'react';
import { sendDraft } from '../api/send';
import { draftContentOf, type ComposerDraft } from '../lib/composer-draft';
import { sendProblems } from '../lib/send-check';
import { useQueuedSendNotice } from './use-queued-send-notice';
import { useSendFailure } from './use-send-failure';

export interface SendDraftOptions {
  userIndex: number;
  draftId: string;
  draft: ComposerDraft;
  editedAt: number;
  uploads: { pending: number; failed: number };
  sync: { hold: () => void; resume: () => void; markSent: (revision: number) => void };
  /** The send is queued: leave the composer (back to the folder the user came from). */
  onQueued: () => void;
  /** Opens this draft again (after an undo or a refused send). */
  openDraft: () => void;
}

/**
 * Send (`POST /compose/send`): checked first (invalid chips, limits, uploads); the server's default undo delay
 * applies (10 s unless configured, 0 sends at once). Once queued the composer closes and `trackSend` offers
 * Undo and reports the outcome. A 422 shows its messages at their fields; a failure that may pass offers
 * Retry, which is safe because the server answers a repeated send for the same draftId with the same entry.
 */
export function useSendDraft(options: SendDraftOptions) {
  const { userIndex, draftId, draft, editedAt, uploads, sync, onQueued, openDraft } = options;
  const announceQueued = useQueuedSendNotice(userIndex, openDraft);
  const { reportFailure, fieldErrors, clearFieldError } = useSendFailure();
  const [attempted, setAttempted] = useState(false);
  const busy = useRef(false);
  /** The latest `send`, for the Retry action of a snackbar shown by an earlier one. */
  const latestSend = useRef<(sendAt?: string) => void>(() => undefined);

  const problems = attempted ? sendProblems(draft, uploads) : [];

  /** Sends now (after the undo window) or, with `sendAt`, leaves it waiting on the server until then. */
  const send = useCallback(
    async (sendAt?: string) => {
      if (busy.current) return;
      setAttempted(true);
      if (sendProblems(draft, uploads).length > 0) return;
      busy.current = true;
      sync.hold();
      try {
        const content = { draftId, draft: draftContentOf(draft), revision: editedAt };
        const entry = await sendDraft(userIndex, sendAt ? { ...content, sendAt } : content);
        sync.markSent(editedAt);
        onQueued();
        announceQueued(entry, sendAt);
      } catch (error) {
        busy.current = false;
        sync.resume();
        reportFailure(error, () => latestSend.current(sendAt));
      }
    },
    [announceQueued, draft, draftId, editedAt, onQueued, reportFailure, sync, uploads, userIndex],
  );

  useEffect(() => {
    latestSend.current = (sendAt) => void send(sendAt);
  }, [send]);

  return { send, problems, fieldErrors, clearFieldError };
}
