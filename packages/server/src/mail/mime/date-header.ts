import { stripHeader } from './build-message.js';

const weekdays = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];
const months = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const two = (n: number) => String(n).padStart(2, '0');

/** The zone's offset from UTC at `at`, in minutes (Intl knows the DST rules); null for a zone Intl does not know. */
function offsetMinutes(at: Date, timeZone: string): number | null {
  let name: string | undefined;
  try {
    name = new Intl.DateTimeFormat('en-US', { timeZone, timeZoneName: 'longOffset' })
      .formatToParts(at)
      .find((part) => part.type === 'timeZoneName')?.value;
  } catch {
    return null;
  }
  const match = /^GMT(?:([+-])(\d{2}):(\d{2}))?$/.exec(name ?? '');
  if (!match) return null;
  if (!match[1]) return 0;
  const minutes = Number(match[2]) * 60 + Number(match[3]);
  return match[1] === '-' ? -minutes : minutes;
}

/**
 * An RFC 5322 `Date:` value for `at` as the clock on the wall of `timeZone` shows it, with that zone's offset at that
 * instant (`Sat, 28 Nov 2026 14:05:09 +0200`); UTC when the zone is missing or unknown.
 */
export function formatDateHeader(at: Date, timeZone: string | null | undefined): string {
  const offset = (timeZone ? offsetMinutes(at, timeZone) : null) ?? 0;
  // The wall time is the instant moved by the offset, read as UTC.
  const wall = new Date(at.getTime() + offset * 60_000);
  const sign = offset < 0 ? '-' : '+';
  const abs = Math.abs(offset);
  return (
    `${weekdays[wall.getUTCDay()]}, ${two(wall.getUTCDate())} ${months[wall.getUTCMonth()]} ${wall.getUTCFullYear()} ` +
    `${two(wall.getUTCHours())}:${two(wall.getUTCMinutes())}:${two(wall.getUTCSeconds())} ` +
    `${sign}${two(Math.floor(abs / 60))}${two(abs % 60)}`
  );
}

/** The raw message with its `Date:` header replaced (the message is built before it leaves, e.g. days before for a send later). */
export function withDateHeader(raw: Buffer, value: string): Buffer {
  return Buffer.concat([Buffer.from(`Date: ${value}\r\n`, 'latin1'), stripHeader(raw, 'date')]);
}
