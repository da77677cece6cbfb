import type { TFunction } from '../../../shared/i18n/translation';
import { imageRefusalMessage, sizeAndLimit } from '../../../shared/editor/image-refusal';
import type { AttachmentRefusal } from '../lib/attachment-check';

/**
 * A refused file in words, naming the limit it broke (the composer limits): an attachment's own limits in
 * compose's words, an image's and the whole message's as the body field says them.
 */
export function refusalMessage(
  t: TFunction<'compose'>,
  tEditor: TFunction<'editor'>,
  file: File,
  refusal: AttachmentRefusal,
  language: string,
): string {
  switch (refusal.kind) {
    case 'tooLarge':
      return t('attachments.refused.tooLarge', {
        name: file.name,
        ...sizeAndLimit(file.size, refusal.limit, language),
      });
    case 'tooMany':
      return t('attachments.refused.tooMany', { name: file.name, limit: refusal.limit });
    default:
      return imageRefusalMessage(tEditor, file, refusal, language);
  }
}
