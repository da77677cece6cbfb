/**
 * The one formatting module for numbers, sizes, percentages and full dates: the message list, the reader, the
 * composer (in the browser) and the quote header of a reply or forward (on the server) all format with these, in
 * the user's interface language (`locale`: fi, en, et, ru). Units stay IEC (B, KiB … YiB); the digits, the
 * decimal mark and the group separator are the locale's (`6,46 MiB` in Russian and Finnish, `6.46 MiB` in English).
 */

const byteUnits = ['B', 'KiB', 'MiB', 'GiB', 'TiB', 'PiB', 'EiB', 'ZiB', 'YiB'] as const;

/** The default locale of these helpers (the server's English texts, tests). */
export const defaultFormatLocale = 'en';

function numberFormat(locale: string, options: Intl.NumberFormatOptions): Intl.NumberFormat {
  try {
    return new Intl.NumberFormat(locale, options);
  } catch {
    return new Intl.NumberFormat(defaultFormatLocale, options);
  }
}

/**
 * Byte display: B, then KiB … YiB with two decimals. Grouping starts at five digits (`1023 B`, `12 345 B` in
 * Russian), as style guides of all four languages advise.
 */
export function formatBytes(bytes: number, locale: string = defaultFormatLocale): string {
  if (!Number.isFinite(bytes) || bytes < 1024) {
    return `${numberFormat(locale, { useGrouping: 'min2', maximumFractionDigits: 0 }).format(Math.max(0, Math.round(bytes || 0)))} B`;
  }
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < byteUnits.length - 1) {
    value /= 1024;
    unit += 1;
  }
  const digits = numberFormat(locale, {
    minimumFractionDigits: 2,
    maximumFractionDigits: 2,
    useGrouping: 'min2',
  });
  return `${digits.format(value)} ${byteUnits[unit]}`;
}

/** A count (messages, unread, selected) with the locale's group separator: `12,345` / `12 345`. */
export function formatCount(count: number, locale: string = defaultFormatLocale): string {
  return numberFormat(locale, { maximumFractionDigits: 0 }).format(count);
}

/** A whole percentage as the locale writes it: `51%` in English, `51 %` in Finnish, Estonian and Russian. */
export function formatPercent(percent: number, locale: string = defaultFormatLocale): string {
  return numberFormat(locale, { style: 'percent', maximumFractionDigits: 0 }).format(percent / 100);
}

/** Storage percent: rounded up. */
export function storagePercent(used: number, allowed: number): number {
  if (!allowed || allowed <= 0) return 0;
  return Math.min(100, Math.ceil((used / allowed) * 100));
}

const fullDateOptions: Intl.DateTimeFormatOptions = {
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
};

/**
 * The full date's formatter of each time zone lately named (a list formats a date per row: one formatter each). The
 * runtime's own zone is not kept: it may change under a running process (`TZ`).
 */
const fullDateFormats = new Map<string, Intl.DateTimeFormat>();
const fullDateFormatsMax = 32;

function fullDateFormat(timeZone: string | undefined): Intl.DateTimeFormat {
  if (timeZone === undefined) return new Intl.DateTimeFormat('en-GB', fullDateOptions);
  let format = fullDateFormats.get(timeZone);
  if (format) return format;
  try {
    format = new Intl.DateTimeFormat('en-GB', { ...fullDateOptions, timeZone });
  } catch {
    format = new Intl.DateTimeFormat('en-GB', { ...fullDateOptions, timeZone: 'UTC' });
  }
  if (fullDateFormats.size >= fullDateFormatsMax) fullDateFormats.clear();
  fullDateFormats.set(timeZone, format);
  return format;
}

/** What an unreadable date shows. */
export const missingDate = '--';

/**
 * The full date of the product's date rules, `DD.MM.YYYY HH:mm` (24 h) in every language: the reader's header, the
 * hover text of a list date and the quote header of a reply. `timeZone` (IANA) defaults to the runtime's own (the
 * browser's); an unknown zone falls back to UTC.
 */
export function formatFullDate(value: string | Date, timeZone?: string): string {
  const date = value instanceof Date ? value : new Date(value);
  if (Number.isNaN(date.getTime())) return missingDate;
  const parts = fullDateFormat(timeZone).formatToParts(date);
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? '';
  return `${part('day')}.${part('month')}.${part('year')} ${part('hour')}:${part('minute')}`;
}
