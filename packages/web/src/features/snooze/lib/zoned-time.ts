/** A wall-clock time in some time zone. `month` 1–12; `weekday` 1 (Monday) – 7 (Sunday). */
export interface WallTime {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
}

const formats = new Map<string, Intl.DateTimeFormat>();

function formatIn(timeZone: string): Intl.DateTimeFormat {
  let format = formats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
      weekday: 'short',
    });
    formats.set(timeZone, format);
  }
  return format;
}

const weekdays = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'];

/** The wall time (and ISO weekday, Monday = 1) of an instant in `timeZone`. */
export function wallTimeAt(at: number, timeZone: string): WallTime & { weekday: number; second: number } {
  const parts = Object.fromEntries(
    formatIn(timeZone)
      .formatToParts(at)
      .map((p) => [p.type, p.value]),
  );
  return {
    year: Number(parts.year),
    month: Number(parts.month),
    day: Number(parts.day),
    hour: Number(parts.hour),
    minute: Number(parts.minute),
    second: Number(parts.second),
    weekday: weekdays.indexOf(parts.weekday ?? 'Mon') + 1,
  };
}

/** How far `timeZone` is ahead of UTC at an instant, in ms. */
function offsetAt(at: number, timeZone: string): number {
  const w = wallTimeAt(at, timeZone);
  const asUtc = Date.UTC(w.year, w.month - 1, w.day, w.hour, w.minute, w.second);
  return asUtc - (at - (at % 1000));
}

/**
 * The instant a wall time names in `timeZone`. Days and months out of range roll over (day 32 is the next
 * month's 1st). Across a DST change the offset of the result itself is used; a wall time the spring change skips
 * (03:30 in Helsinki on the last Sunday of March) lands an hour later, as clocks showed it.
 */
export function instantOf(wall: WallTime, timeZone: string): number {
  const asUtc = Date.UTC(wall.year, wall.month - 1, wall.day, wall.hour, wall.minute);
  const first = asUtc - offsetAt(asUtc, timeZone);
  const second = asUtc - offsetAt(first, timeZone);
  return second;
}
