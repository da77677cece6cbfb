import { browserTimeZone, useUserTimeZone } from '../../../shared/format/format-date';
import { useTranslation } from '../../../shared/i18n/translation';

/**
 * Wake times in the interface language and the user's time zone ("Sat 4 Apr, 08:00"). The Intl format is made at
 * the first wake time formatted, not while rendering: the snooze actions hold it on every mail page, and a page's
 * first Intl.DateTimeFormat sets up Intl's data (about 15 ms on a phone, one task).
 */
export function useWakeFormat() {
  const { i18n } = useTranslation();
  const userZone = useUserTimeZone();
  const locale = i18n.resolvedLanguage ?? i18n.language;
  const zone = () => userZone ?? browserTimeZone();
  let format: Intl.DateTimeFormat | undefined;
  const wakeFormat = () =>
    (format ??= new Intl.DateTimeFormat(locale, {
      timeZone: zone(),
      weekday: 'short',
      day: 'numeric',
      month: 'short',
      hour: '2-digit',
      minute: '2-digit',
    }));
  return {
    get timeZone() {
      return zone();
    },
    short: (at: number | string) => wakeFormat().format(new Date(at)),
  };
}
