import { useTranslation } from './translation';

/**
 * The interface language as a locale for number and date formatting (`@webmail/contracts` format.ts): sizes,
 * counts and percentages follow the language the user reads, not the browser's.
 */
export function useLocale(): string {
  const { i18n } = useTranslation();
  return i18n.resolvedLanguage ?? i18n.language;
}
