import { useQueryClient } from '@tanstack/react-query';
import type { OutboxEntry } from '@webmail/contracts';
import { useCallback } from 'react';
import { invalidateMailOfAnyFolder } from '../../../shared/api/mail-change';
import { formatFullDate, useTimeZone } from '../../../shared/format/format-date';
import { useTranslation } from '../../../shared/i18n/translation';
import { useSnackbar } from '../../../shared/snackbar/use-snackbar';
import { refreshDraftsFolder } from '../api/drafts-folder';
import { refreshScheduled } from '../api/scheduled';
import { trackSend } from '../api/track-send';

/**
 * What follows a send request the server queued. A scheduled send (`sendAt`) is confirmed with its time in the
 * user's zone and the Scheduled view is read again; a send now is handed to `trackSend` (Undo, then the outcome),
 * and once it is sent Drafts and the mail lists are read again. The returned callback is safe to call after
 * the composer has closed.
 */
export function useQueuedSendNotice(userIndex: number, openDraft: () => void) {
  const { t } = useTranslation('compose');
  const snackbar = useSnackbar();
  const queryClient = useQueryClient();
  const timeZone = useTimeZone();
  return useCallback(
    (entry: OutboxEntry, sendAt: string | undefined) => {
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
    },
    [openDraft, queryClient, snackbar, t, timeZone, userIndex],
  );
}
