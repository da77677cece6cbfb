import { useCallback } from 'react';
import { useTranslation } from '../../../shared/i18n/translation';
import { useSnackbar } from '../../../shared/snackbar/use-snackbar';

/** The notice open browsers show when the server sent (or could not send) a scheduled message. */
export function useScheduledSentNotice() {
  const { t } = useTranslation('compose');
  const snackbar = useSnackbar();
  return useCallback(
    (subject: string, status: 'sent' | 'failed') =>
      snackbar.show(
        status === 'sent'
          ? { type: 'success', message: t('later.sentNotice', { subject: subject || t('later.noSubject') }) }
          : { type: 'error', message: t('later.failedNotice', { subject: subject || t('later.noSubject') }) },
      ),
    [snackbar, t],
  );
}
