import { useCallback } from 'react';
import { useRefusalNotice } from '../../../shared/editor/image-refusal';
import { useTranslation, type TFunction } from '../../../shared/i18n/translation';
import { refusalMessage } from '../components/refusal-message';
import type { AttachmentRefusal } from '../lib/attachment-check';

/**
 * Tells the user why a file was not taken as an attachment (too large, too many, over the whole message's limit):
 * the body field's error notice for 10 s, its sizes in the interface language's number format. The body says
 * so itself for the images put into it.
 */
export function useAttachmentRefusalNotice() {
  const { t } = useTranslation('compose');
  const message = useCallback(
    (tEditor: TFunction<'editor'>, file: File, refusal: AttachmentRefusal, language: string) =>
      refusalMessage(t, tEditor, file, refusal, language),
    [t],
  );
  return useRefusalNotice(message);
}
