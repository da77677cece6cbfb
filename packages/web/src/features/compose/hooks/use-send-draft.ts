import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { isApiRequestError } from '../../../shared/api/api-request-error';
import { errorMessage } from '../../../shared/api/error-message';
import { invalidateMailOfAnyFolder } from '../../../shared/api/mail-change';
import { fieldErrorTexts, joinedFieldErrors } from '../../../shared/api/error-text';
import { isRetryableError } from '../../../shared/api/retry-policy';
import { useTranslation } from '../../../shared/i18n/translation';
import { useSnackbar } from '../../../shared/snackbar/use-snackbar';
import { sendDraft } from '../api/send';
import { draftContentOf, type ComposerDraft } from '../lib/composer-draft';
import { composerFieldErrors, type ComposerFieldErrors } from '../lib/field-errors';
import { sendProblems } from '../lib/send-check';
import { refreshDraftsFolder } from '../api/drafts-folder';
import { trackSend } from '../api/track-send';
import { refreshScheduled } from '../api/scheduled';
import { formatFullDate, useTimeZone } from '../../../shared/format/format-date';

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
  const { t } = useTranslation('compose');
  const { t: tErrors } = useTranslation('errors');
  const { t: tCommon } = useTranslation('common');
  const snackbar = useSnackbar();
  const queryClient = useQueryClient();
  const timeZone = useTimeZone();
  const [attempted, setAttempted] = useState(false);
  const [fieldErrors, setFieldErrors] = useState<ComposerFieldErrors>({});
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
        if (sendAt) {
          void refreshScheduled(queryClient, userIndex);
          snackbar.show({
            type: 'success',
            message: t('later.scheduledFor', { time: formatFullDate(entry.dueAt, timeZone) }),
          });
          return;
        }
        trackSend(entry, {
          userIndex,
          snackbar,
          t,
          openDraft,
          onSent: () => {
            refreshDraftsFolder(queryClient, userIndex);
            // The conversation the composer went back to gathers Sent too: it shows the sent copy now.
            void invalidateMailOfAnyFolder(queryClient, userIndex);
          },
        });
      } catch (error) {
        busy.current = false;
        sync.resume();
        if (isApiRequestError(error) && error.status === 422) {
          setFieldErrors(composerFieldErrors(fieldErrorTexts(error, tErrors)));
          snackbar.show({
            type: 'error',
            message: joinedFieldErrors(error, tErrors) || errorMessage(error, tErrors),
          });
          return;
        }
        const message = t('send.requestFailed', { message: errorMessage(error, tErrors) });
        snackbar.show({
          type: 'error',
          message,
          ...(isRetryableError(error)
            ? { actions: [{ label: tCommon('actions.retry'), onClick: () => latestSend.current(sendAt) }] }
            : {}),
        });
      }
    },
    [
      draft,
      draftId,
      editedAt,
      onQueued,
      openDraft,
      queryClient,
      snackbar,
      sync,
      t,
      tCommon,
      tErrors,
      timeZone,
      uploads,
      userIndex,
    ],
  );

  useEffect(() => {
    latestSend.current = (sendAt) => void send(sendAt);
  }, [send]);

  return {
    send,
    problems,
    fieldErrors,
    clearFieldError: useCallback(
      (field: keyof ComposerFieldErrors) =>
        setFieldErrors((errors) => (errors[field] ? { ...errors, [field]: undefined } : errors)),
      [],
    ),
  };
}
