/**
 * Stands in for MUI's `@mui/material/locale/utils/buildFormatNumber` (the build points the locales' import here,
 * `scripts/lazy-mui-locale-numbers.ts`): the same formatting, but the `Intl.NumberFormat` is made when a number is
 * first formatted instead of when the locale module loads. MUI's version made one per locale the app imports (fi,
 * et, ru, en) at start, ~60 ms of a phone's first load, for texts (table pagination) the app shows rarely.
 */
export default function buildFormatNumber(locale: string): (value: number) => string {
  let formatter: Intl.NumberFormat | null | undefined;
  return (value) => {
    if (!Number.isFinite(value)) return String(value);
    if (formatter === undefined) {
      try {
        formatter = typeof Intl !== 'undefined' && Intl.NumberFormat ? new Intl.NumberFormat(locale) : null;
      } catch {
        formatter = null; // String() below, as MUI's own
      }
    }
    return formatter ? formatter.format(value) : String(value);
  };
}
