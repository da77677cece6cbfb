import { formatBytes, formatCount } from '@webmail/contracts';
import { useCallback } from 'react';
import { useTranslation, type TFunction } from '../i18n/translation';
import { useSnackbar } from '../snackbar/use-snackbar';
import type { InlineImageRefusal } from './inline-image-check';

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

/** A refused image (or a file the whole message has no room for) in words, naming the limit it broke. */
export function imageRefusalMessage(
  t: TFunction<'editor'>,
  file: File,
  refusal: InlineImageRefusal,
  language: string,
): string {
  const name = file.name;
  switch (refusal.kind) {
    case 'messageTooLarge':
      return t('refused.messageTooLarge', { name, limit: formatBytes(refusal.limit, language) });
    case 'inlineTooLarge':
      return t('refused.inlineTooLarge', { name, ...sizeAndLimit(file.size, refusal.limit, language) });
    case 'inlineType':
      return t('refused.inlineType', { name, type: refusal.type });
    case 'notAnImage':
      return t('refused.notAnImage', { name });
  }
}

/**
 * Shows why a file was not taken as an error notice for 10 s, its sizes in the interface language's number
 * format: `message` gives the words (the body's images by default; the composer adds its attachments').
 */
export function useRefusalNotice<R>(
  message: (t: TFunction<'editor'>, file: File, refusal: R, language: string) => string,
) {
  const { t, i18n } = useTranslation('editor');
  const snackbar = useSnackbar();
  const language = i18n.resolvedLanguage ?? i18n.language;
  return useCallback(
    (file: File, refusal: R) =>
      snackbar.show({ type: 'error', message: message(t, file, refusal, language), timeout: 10_000 }),
    [snackbar, t, language, message],
  );
}
