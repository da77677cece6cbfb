import { formatBytes, formatCount } from '@webmail/contracts';
import type { TFunction } from '../../../shared/i18n/translation';
import type { AttachmentRefusal } from '../lib/attachment-check';

/**
 * A file's size and the limit it broke, as the user reads them. Rounded (`20.00 MiB`) as a rule; where the
 * rounding would print both the same — a file just over the limit — in exact bytes, or the message would say
 * "is 20.00 MiB; can be at most 20.00 MiB".
 */
export function sizeAndLimit(size: number, limit: number, language: string) {
  const rounded = { size: formatBytes(size, language), limit: formatBytes(limit, language) };
  if (rounded.size !== rounded.limit) return rounded;
  return { size: `${formatCount(size, language)} B`, limit: `${formatCount(limit, language)} B` };
}

/** A refused file in words, naming the limit it broke (the composer limits). */
export function refusalMessage(
  t: TFunction<'compose'>,
  file: File,
  refusal: AttachmentRefusal,
  language: string,
): string {
  const name = file.name;
  switch (refusal.kind) {
    case 'tooLarge':
      return t('attachments.refused.tooLarge', { name, ...sizeAndLimit(file.size, refusal.limit, language) });
    case 'messageTooLarge':
      return t('attachments.refused.messageTooLarge', { name, limit: formatBytes(refusal.limit, language) });
    case 'inlineTooLarge':
      return t('attachments.refused.inlineTooLarge', {
        name,
        ...sizeAndLimit(file.size, refusal.limit, language),
      });
    case 'inlineType':
      return t('attachments.refused.inlineType', { name, type: refusal.type });
    case 'notAnImage':
      return t('attachments.refused.notAnImage', { name });
    case 'tooMany':
      return t('attachments.refused.tooMany', { name, limit: refusal.limit });
  }
}
