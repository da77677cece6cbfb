import { useTimeZone } from '../../../shared/format/format-date';
import { useTranslation } from '../../../shared/i18n/translation';

/** Wake times in the interface language and the user's time zone ("Sat 4 Apr, 08:00"). */
export function useWakeFormat() {
  const { i18n } = useTranslation();
  const timeZone = useTimeZone();
  const locale = i18n.resolvedLanguage ?? i18n.language;
  const format = new Intl.DateTimeFormat(locale, {
    timeZone,
    weekday: 'short',
    day: 'numeric',
    month: 'short',
    hour: '2-digit',
    minute: '2-digit',
  });
  return { timeZone, short: (at: number | string) => format.format(new Date(at)) };
}
