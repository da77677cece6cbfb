/** IANA zone names: letters, digits, `_`, `-`, `+`, in `/`-separated parts (`America/Argentina/Buenos_Aires`, `Etc/GMT+2`). */
const zoneSyntax = /^[A-Za-z][A-Za-z0-9_+-]*(\/[A-Za-z0-9][A-Za-z0-9_+-]*)*$/;

let canonical: ReadonlySet<string> | undefined;

/**
 * Whether `name` is an IANA time zone: one of `Intl.supportedValuesOf('timeZone')`, `UTC`, or an alias the
 * runtime's time-zone database resolves (`Asia/Kolkata`, `Europe/Kyiv`: browsers report those while ICU's
 * list names `Asia/Calcutta`, `Europe/Kiev`). Offsets (`+01:00`) and anything else are not zones.
 */
export function isIanaTimeZone(name: string): boolean {
  if (name.length > 64 || !zoneSyntax.test(name)) return false;
  canonical ??= new Set(
    typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : [],
  );
  if (name === 'UTC' || canonical.has(name)) return true;
  try {
    new Intl.DateTimeFormat('en', { timeZone: name });
    return true;
  } catch {
    return false;
  }
}
