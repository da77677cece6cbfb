import { describe, expect, it } from 'vitest';
import { sendLaterPresets } from './send-later-presets';

const helsinki = 'Europe/Helsinki';
const hm = (iso: string, timeZone = helsinki) =>
  new Intl.DateTimeFormat('en-GB', {
    timeZone,
    weekday: 'short',
    day: '2-digit',
    month: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).format(new Date(iso));

describe('send-later presets', () => {
  it('are wall-clock times in the user zone across the spring DST change (Helsinki, 29 March 2026)', () => {
    // Saturday 28 March 2026 10:00 EET (UTC+2); clocks go to EEST (UTC+3) on Sunday 29 March at 03:00.
    const presets = sendLaterPresets(new Date('2026-03-28T08:00:00Z'), helsinki);
    expect(presets.map((p) => p.preset)).toEqual(['laterToday', 'tomorrowMorning', 'mondayMorning']);
    expect(presets.map((p) => hm(p.at))).toEqual([
      'Sat 28/03, 18:00',
      'Sun 29/03, 08:00',
      'Mon 30/03, 08:00',
    ]);
    // Tomorrow morning is 08:00 EEST = 05:00 UTC: only 21 hours after 10:00 EET, not 22.
    expect(presets[1]!.at).toBe('2026-03-29T05:00:00.000Z');
  });

  it('and across the autumn change (25 October 2026), for every hour of the day before it', () => {
    for (let hour = 0; hour < 24; hour++) {
      const now = new Date(Date.UTC(2026, 9, 24, hour, 30));
      const presets = sendLaterPresets(now, helsinki);
      const tomorrow = presets.find((p) => p.preset === 'tomorrowMorning')!;
      expect(hm(tomorrow.at).endsWith('08:00')).toBe(true);
      for (const p of presets) expect(Date.parse(p.at)).toBeGreaterThan(now.getTime());
      expect(presets.find((p) => p.preset === 'mondayMorning')!.at.startsWith('2026-10-26')).toBe(true);
    }
    // Sunday 25 October 08:00 is EET again (UTC+2).
    expect(sendLaterPresets(new Date('2026-10-24T12:00:00Z'), helsinki)[1]!.at).toBe(
      '2026-10-25T06:00:00.000Z',
    );
  });

  it('leave out "later today" in the evening, and on a Monday "Monday morning" is next week', () => {
    const mondayEvening = sendLaterPresets(new Date('2026-11-30T16:00:00Z'), helsinki); // 18:00 local
    expect(mondayEvening.map((p) => p.preset)).toEqual(['tomorrowMorning', 'mondayMorning']);
    expect(hm(mondayEvening[1]!.at)).toBe('Mon 07/12, 08:00');
  });

  it('follow the given zone, not the browser', () => {
    const presets = sendLaterPresets(new Date('2026-11-28T12:00:00Z'), 'America/New_York');
    expect(hm(presets[1]!.at, 'America/New_York')).toBe('Sun 29/11, 08:00');
  });
});
