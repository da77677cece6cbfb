import { describe, expect, it } from 'vitest';
import { snoozePresets } from './snooze-presets';
import { instantOf, wallTimeAt } from './zoned-time';

const helsinki = 'Europe/Helsinki';
const at = (iso: string) => Date.parse(iso);
const presetsAt = (iso: string, zone = helsinki) =>
  Object.fromEntries(snoozePresets(at(iso), zone).map((p) => [p.id, new Date(p.at).toISOString()]));

describe('snooze presets in the user time zone', () => {
  it('keeps 8:00 at 8:00 across the spring change (last Sunday of March: EET +2 → EEST +3)', () => {
    // Saturday 28 March 2026, 12:00 in Helsinki (+2). The clocks go forward on Sunday 29 March at 03:00.
    expect(presetsAt('2026-03-28T10:00:00Z')).toEqual({
      laterToday: '2026-03-28T13:00:00.000Z',
      tomorrow: '2026-03-29T05:00:00.000Z',
      weekend: '2026-04-04T05:00:00.000Z',
      nextWeek: '2026-03-30T05:00:00.000Z',
    });
  });

  it('keeps 8:00 at 8:00 across the autumn change (last Sunday of October: EEST +3 → EET +2)', () => {
    // Friday 23 October 2026, 09:15 in Helsinki (+3). The clocks go back on Sunday 25 October at 04:00.
    expect(presetsAt('2026-10-23T06:15:00Z')).toEqual({
      laterToday: '2026-10-23T10:00:00.000Z',
      tomorrow: '2026-10-24T05:00:00.000Z',
      weekend: '2026-10-24T05:00:00.000Z',
      nextWeek: '2026-10-26T06:00:00.000Z',
    });
    // Saturday evening before the change: no "later today"; tomorrow morning is already in winter time.
    expect(presetsAt('2026-10-24T19:30:00Z')).toEqual({
      tomorrow: '2026-10-25T06:00:00.000Z',
      weekend: '2026-10-31T06:00:00.000Z',
      nextWeek: '2026-10-26T06:00:00.000Z',
    });
  });

  it('every preset of every hour of both change weeks is in the future, at 8:00 local, on the right weekday', () => {
    const starts = ['2026-03-23T00:00:00Z', '2026-10-19T00:00:00Z'];
    for (const start of starts) {
      for (let hour = 0; hour < 8 * 24; hour++) {
        const now = at(start) + hour * 3_600_000;
        for (const preset of snoozePresets(now, helsinki)) {
          expect(preset.at, `${preset.id} at ${new Date(now).toISOString()}`).toBeGreaterThan(now);
          if (preset.id === 'laterToday') continue;
          const local = wallTimeAt(preset.at, helsinki);
          expect([local.hour, local.minute], `${preset.id} ${JSON.stringify(local)}`).toEqual([8, 0]);
          if (preset.id === 'weekend') expect(local.weekday).toBe(6);
          if (preset.id === 'nextWeek') expect(local.weekday).toBe(1);
        }
      }
    }
  });

  it('starts the week on Monday: on a Monday "next week" is seven days on, on Sunday it is the next day', () => {
    expect(presetsAt('2026-06-01T06:00:00Z').nextWeek).toBe('2026-06-08T05:00:00.000Z');
    expect(presetsAt('2026-06-07T06:00:00Z').nextWeek).toBe('2026-06-08T05:00:00.000Z');
    // On Sunday the weekend is the next one.
    expect(presetsAt('2026-06-07T06:00:00Z').weekend).toBe('2026-06-13T05:00:00.000Z');
  });

  it('reads a picked local time in the user time zone, not the browser one', () => {
    expect(
      new Date(instantOf({ year: 2026, month: 3, day: 29, hour: 8, minute: 0 }, helsinki)).toISOString(),
    ).toBe('2026-03-29T05:00:00.000Z');
    expect(
      new Date(instantOf({ year: 2026, month: 3, day: 28, hour: 8, minute: 0 }, helsinki)).toISOString(),
    ).toBe('2026-03-28T06:00:00.000Z');
    expect(
      new Date(
        instantOf({ year: 2026, month: 10, day: 25, hour: 8, minute: 0 }, 'America/New_York'),
      ).toISOString(),
    ).toBe('2026-10-25T12:00:00.000Z');
    // The hours before each change, where the offset at the wall time read as UTC is already the new one.
    expect(
      new Date(instantOf({ year: 2026, month: 3, day: 29, hour: 2, minute: 30 }, helsinki)).toISOString(),
    ).toBe('2026-03-29T00:30:00.000Z');
    expect(
      new Date(instantOf({ year: 2026, month: 10, day: 25, hour: 1, minute: 30 }, helsinki)).toISOString(),
    ).toBe('2026-10-24T22:30:00.000Z');
  });
});
