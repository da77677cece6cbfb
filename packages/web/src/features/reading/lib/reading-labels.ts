import type { TFunction } from '../../../shared/i18n/translation';

/** A message's subject as shown, or "(no subject)". */
export function subjectLabel(subject: string, t: TFunction<'reading'>): string {
  return subject.trim() || t('noSubject');
}
