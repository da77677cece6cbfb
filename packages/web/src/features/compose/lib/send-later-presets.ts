import dayjs from 'dayjs';
import timezone from 'dayjs/plugin/timezone';
import utc from 'dayjs/plugin/utc';

dayjs.extend(utc);
dayjs.extend(timezone);

export type SendLaterPreset = 'laterToday' | 'tomorrowMorning' | 'mondayMorning';

/** Morning is 08:00 and "later today" 18:00, wall-clock time in the user's zone (Gmail's and Outlook's choice). */
const morningHour = 8;
const eveningHour = 18;
/** "Later today" is offered until this long before the evening. */
const laterTodayLeadMs = 60 * 60_000;

/**
 * The send-later presets for `now` in `timeZone`, as ISO instants, soonest first. The times are wall-clock times of
 * the zone, so across a DST change "tomorrow morning" is still 08:00 there (23 or 25 hours away). Weeks start on
 * Monday: on a Monday, "Monday morning" is the next week's. "Later today" only while the evening is over an hour
 * away.
 */
export function sendLaterPresets(now: Date, timeZone: string): { preset: SendLaterPreset; at: string }[] {
  const local = dayjs(now).tz(timeZone);
  const at = (day: dayjs.Dayjs, hour: number) =>
    dayjs.tz(`${day.format('YYYY-MM-DD')} ${String(hour).padStart(2, '0')}:00`, timeZone).toISOString();
  const presets: { preset: SendLaterPreset; at: string }[] = [];
  const evening = at(local, eveningHour);
  if (Date.parse(evening) - now.getTime() >= laterTodayLeadMs)
    presets.push({ preset: 'laterToday', at: evening });
  presets.push({ preset: 'tomorrowMorning', at: at(local.add(1, 'day'), morningHour) });
  // dayjs: 0 = Sunday … 1 = Monday; days until the next Monday, a whole week on a Monday.
  const untilMonday = (8 - local.day()) % 7 || 7;
  presets.push({ preset: 'mondayMorning', at: at(local.add(untilMonday, 'day'), morningHour) });
  return presets;
}
