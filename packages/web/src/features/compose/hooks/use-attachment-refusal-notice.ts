import { useCallback } from 'react';
import { useTranslation } from '../../../shared/i18n/translation';
import { useSnackbar } from '../../../shared/snackbar/use-snackbar';
import { refusalMessage } from '../components/refusal-message';
import type { AttachmentRefusal } from '../lib/attachment-check';

/**
 * Tells the user why a file was not taken, as an attachment or as an inline image (too large, too many, a
 * type that is never sent): an error snackbar for 10 s, its sizes in the interface language's number format.
 * The composer passes the one callback to its attachments and its body.
 */
export function useAttachmentRefusalNotice() {
  const { t, i18n } = useTranslation('compose');
  const snackbar = useSnackbar();
  const language = i18n.resolvedLanguage ?? i18n.language;
  return useCallback(
    (file: File, refusal: AttachmentRefusal) =>
      snackbar.show({ type: 'error', message: refusalMessage(t, file, refusal, language), timeout: 10_000 }),
    [snackbar, t, language],
  );
}
