import { formatFullDate as fullDate, missingDate } from '@webmail/contracts';
import { useSyncExternalStore } from 'react';
import { useTranslation } from '../i18n/translation';

/**
 * Dates in lists and headers, in the user's time zone (user details `timezone`; the browser's until it
 * is known): same day `HH:mm`; same week (weeks start on Monday) short weekday + `DD/MM`; otherwise `DD/MM/YY`; the
 * full form is `DD.MM.YYYY HH:mm`. An unreadable date shows as `--`.
 */
export { missingDate };

const pad = (value: number) => String(value).padStart(2, '0');

function toDate(value: string | Date): Date | null {
  const date = value instanceof Date ? value : new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

/** The browser's own time zone. */
export const browserTimeZone = (): string => Intl.DateTimeFormat().resolvedOptions().timeZone;

interface Civil {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  /** Days since 1970-01-01 of the calendar day in the zone: days compare by this. */
  dayNumber: number;
  /** 0 = Monday … 6 = Sunday. */
  weekday: number;
}

const formats = new Map<string, Intl.DateTimeFormat>();

/** A format of `locale` in `timeZone` (an unknown zone counts as UTC), made once for each `name` and pair. */
function zonedFormat(
  name: string,
  locale: string,
  options: Intl.DateTimeFormatOptions,
  timeZone: string | undefined,
): Intl.DateTimeFormat {
  const key = `${name} ${locale} ${timeZone ?? ''}`;
  let format = formats.get(key);
  if (!format) {
    try {
      format = new Intl.DateTimeFormat(locale, { ...options, timeZone });
    } catch {
      format = new Intl.DateTimeFormat(locale, { ...options, timeZone: 'UTC' });
    }
    formats.set(key, format);
  }
  return format;
}

const civilParts: Intl.DateTimeFormatOptions = {
  year: 'numeric',
  month: 'numeric',
  day: 'numeric',
  hour: 'numeric',
  minute: 'numeric',
  hourCycle: 'h23',
};

const formatIn = (timeZone: string | undefined) => zonedFormat('civil', 'en-US', civilParts, timeZone);

/** The calendar date and wall-clock time of an instant in a time zone (an unknown zone counts as UTC). */
function civil(date: Date, timeZone: string | undefined): Civil {
  const parts = formatIn(timeZone).formatToParts(date);
  const value = (type: Intl.DateTimeFormatPartTypes) => Number(parts.find((p) => p.type === type)?.value);
  const [year, month, day] = [value('year'), value('month'), value('day')];
  const dayNumber = Date.UTC(year, month - 1, day) / 86_400_000;
  // 1970-01-01 was a Thursday (3 when Monday is 0).
  const weekday = (((dayNumber + 3) % 7) + 7) % 7;
  return { year, month, day, hour: value('hour') % 24, minute: value('minute'), dayNumber, weekday };
}

/** The short weekday in `locale` and `timeZone`. */
const weekdayFormat = (locale: string, timeZone: string | undefined) =>
  zonedFormat('weekday', locale, { weekday: 'short' }, timeZone);

/** The compact date of a message list row, in `timeZone` (the runtime's own when absent). */
export function formatListDate(
  value: string | Date,
  locale: string,
  now: Date = new Date(),
  timeZone?: string,
): string {
  const date = toDate(value);
  if (!date) return missingDate;
  const at = civil(date, timeZone);
  const today = civil(now, timeZone);
  if (at.dayNumber === today.dayNumber) return `${pad(at.hour)}:${pad(at.minute)}`;
  const monday = today.dayNumber - today.weekday;
  if (at.dayNumber >= monday && date.getTime() <= now.getTime()) {
    return `${weekdayFormat(locale, timeZone).format(date)} ${pad(at.day)}/${pad(at.month)}`;
  }
  return `${pad(at.day)}/${pad(at.month)}/${pad(at.year % 100)}`;
}

/** The full date: `DD.MM.YYYY HH:mm` in `timeZone` (contracts' format.ts: the server's quote headers too). */
export function formatFullDate(value: string | Date, timeZone?: string): string {
  return fullDate(value, timeZone);
}

let userTimeZone: string | null = null;
const listeners = new Set<() => void>();

/** The shown user's time zone (user details); null until known, and the browser's applies. */
export function setUserTimeZone(timeZone: string | null): void {
  if (timeZone === userTimeZone) return;
  userTimeZone = timeZone;
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The user's time zone (user details), or null until it is known. */
export function useUserTimeZone(): string | null {
  return useSyncExternalStore(subscribe, () => userTimeZone);
}

/** The time zone dates are shown in: the user's, else the browser's. */
export function useTimeZone(): string {
  return useUserTimeZone() ?? browserTimeZone();
}

/**
 * The date formats bound to the interface language and the user's time zone. The zone is read when a date is
 * formatted, not while rendering: the browser's zone comes from Intl, and a page's first Intl.DateTimeFormat sets up
 * its data (about 15 ms on a phone, one task). Components that hold the formats without always showing a date (the
 * auto-reply banner on every mail page) then cost nothing.
 */
export function useDateFormat() {
  const { i18n } = useTranslation();
  const userZone = useUserTimeZone();
  const locale = i18n.resolvedLanguage ?? i18n.language;
  // The browser's zone is read once a render, at the first date: a list's rows share it (Intl answers it by making a
  // whole DateTimeFormat, ~0.2 ms on a phone, and a list formats two dates a row).
  let browserZone: string | undefined;
  const zone = () => userZone ?? (browserZone ??= browserTimeZone());
  return {
    get timeZone() {
      return zone();
    },
    list: (value: string | Date, now?: Date) => formatListDate(value, locale, now, zone()),
    full: (value: string | Date) => formatFullDate(value, zone()),
  };
}
