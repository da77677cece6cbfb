import { formatFullDate as fullDate, missingDate } from '@webmail/contracts';

/**
 * Dates in lists and headers, in the browser's time zone (the user's own time zone setting comes with user details):
 * same day `HH:mm`; same week (weeks start on Monday) short weekday + `DD/MM`; otherwise `DD/MM/YY`;
 * the full form is `DD.MM.YYYY HH:mm`. An unreadable date shows as `--`.
 */
export { missingDate };

const pad = (value: number) => String(value).padStart(2, '0');

function toDate(value: string | Date): Date | null {
  const date = value instanceof Date ? value : new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

function startOfDay(date: Date): Date {
  return new Date(date.getFullYear(), date.getMonth(), date.getDate());
}

/** Monday 00:00 of the date's week (first day of week Monday). */
function startOfWeek(date: Date): Date {
  const day = startOfDay(date);
  const sinceMonday = (day.getDay() + 6) % 7;
  return new Date(day.getFullYear(), day.getMonth(), day.getDate() - sinceMonday);
}

export function formatTime(date: Date): string {
  return `${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

/** The compact date of a message list row. */
export function formatListDate(value: string | Date, locale: string, now: Date = new Date()): string {
  const date = toDate(value);
  if (!date) return missingDate;
  const day = startOfDay(date).getTime();
  if (day === startOfDay(now).getTime()) return formatTime(date);
  if (day >= startOfWeek(now).getTime() && date.getTime() <= now.getTime()) {
    const weekday = new Intl.DateTimeFormat(locale, { weekday: 'short' }).format(date);
    return `${weekday} ${pad(date.getDate())}/${pad(date.getMonth() + 1)}`;
  }
  return `${pad(date.getDate())}/${pad(date.getMonth() + 1)}/${pad(date.getFullYear() % 100)}`;
}

/** The full date: `DD.MM.YYYY HH:mm` in the browser's time zone (contracts' format.ts: the server's quote headers too). */
export function formatFullDate(value: string | Date): string {
  return fullDate(value);
}
