import { formatBytes } from '@webmail/contracts';
import type { TFunction } from '../../../shared/i18n/translation';
import type { AttachmentRefusal } from '../lib/attachment-check';

/** A refused file in words, naming the limit it broke (spec §9; issue acceptance 5). */
export function refusalMessage(t: TFunction<'compose'>, file: File, refusal: AttachmentRefusal): string {
  const name = file.name;
  const size = formatBytes(file.size);
  switch (refusal.kind) {
    case 'tooLarge':
      return t('attachments.refused.tooLarge', { name, size, limit: formatBytes(refusal.limit) });
    case 'messageTooLarge':
      return t('attachments.refused.messageTooLarge', { name, limit: formatBytes(refusal.limit) });
    case 'inlineTooLarge':
      return t('attachments.refused.inlineTooLarge', { name, size, limit: formatBytes(refusal.limit) });
    case 'inlineType':
      return t('attachments.refused.inlineType', { name, type: refusal.type });
    case 'notAnImage':
      return t('attachments.refused.notAnImage', { name });
    case 'tooMany':
      return t('attachments.refused.tooMany', { name, limit: refusal.limit });
  }
}
