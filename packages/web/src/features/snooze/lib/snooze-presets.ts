import { instantOf, wallTimeAt } from './zoned-time';

export type SnoozePresetId = 'laterToday' | 'tomorrow' | 'weekend' | 'nextWeek';

export interface SnoozePreset {
  id: SnoozePresetId;
  /** Epoch ms. */
  at: number;
}

const hourMs = 3_600_000;
/** Mornings start at 8:00 in the user's time zone. */
const morningHour = 8;

/**
 * The snooze presets at `now` in the user's time zone (weeks start on Monday): later today (three hours on, at
 * the next full hour, while that is still today), tomorrow morning, this weekend (Saturday morning; on a weekend,
 * the next one), next week (Monday morning; on a Monday, the one after). Wall times are worked out in the zone,
 * so "8:00" stays 8:00 across a DST change.
 */
export function snoozePresets(now: number, timeZone: string): SnoozePreset[] {
  const today = wallTimeAt(now, timeZone);
  const morning = (daysAhead: number) =>
    instantOf(
      { year: today.year, month: today.month, day: today.day + daysAhead, hour: morningHour, minute: 0 },
      timeZone,
    );
  const presets: SnoozePreset[] = [];
  const later = Math.ceil((now + 3 * hourMs) / hourMs) * hourMs;
  const laterWall = wallTimeAt(later, timeZone);
  if (laterWall.day === today.day && laterWall.month === today.month)
    presets.push({ id: 'laterToday', at: later });
  presets.push({ id: 'tomorrow', at: morning(1) });
  // ISO weekday: Monday 1 … Saturday 6, Sunday 7.
  const toSaturday = today.weekday < 6 ? 6 - today.weekday : 13 - today.weekday;
  presets.push({ id: 'weekend', at: morning(toSaturday) });
  presets.push({ id: 'nextWeek', at: morning(8 - today.weekday) });
  return presets;
}
