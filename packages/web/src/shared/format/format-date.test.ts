import { describe, expect, it } from 'vitest';
import { formatFullDate, formatListDate, missingDate } from './format-date';

// Wednesday 12 March 2025, 15:30 local time.
const now = new Date(2025, 2, 12, 15, 30);

describe('formatListDate', () => {
  it('shows only the time for a message from the same day', () => {
    expect(formatListDate(new Date(2025, 2, 12, 8, 5), 'en', now)).toBe('08:05');
  });

  it('shows the short weekday and DD/MM for an earlier day of the same week', () => {
    expect(formatListDate(new Date(2025, 2, 10, 9, 0), 'en', now)).toBe('Mon 10/03');
    expect(formatListDate(new Date(2025, 2, 11, 23, 59), 'fi', now)).toBe('ti 11/03');
  });

  it('counts weeks from Monday, so last Sunday is not the same week', () => {
    expect(formatListDate(new Date(2025, 2, 9, 12, 0), 'en', now)).toBe('09/03/25');
  });

  it('shows DD/MM/YY for older messages', () => {
    expect(formatListDate(new Date(2024, 11, 31, 12, 0), 'en', now)).toBe('31/12/24');
  });

  it('accepts ISO strings and shows -- for an unreadable date', () => {
    expect(formatListDate(new Date(2025, 2, 12, 7, 0).toISOString(), 'en', now)).toBe('07:00');
    expect(formatListDate('not a date', 'en', now)).toBe(missingDate);
  });
});

describe('formatFullDate', () => {
  it('shows DD.MM.YYYY HH:mm', () => {
    expect(formatFullDate(new Date(2025, 0, 5, 7, 3))).toBe('05.01.2025 07:03');
  });
});

describe('dates in the user time zone', () => {
  // Wednesday 12 March 2025 21:30 UTC: already Thursday 13 March 00:30 in Tokyo (UTC+9), 23:30 in Helsinki (UTC+2).
  const utcNow = new Date(Date.UTC(2025, 2, 12, 21, 30));

  it('same day: HH:mm of the zone, judged by the zone’s calendar day', () => {
    const earlier = new Date(Date.UTC(2025, 2, 12, 6, 5)); // 08:05 in Helsinki, the same day there
    expect(formatListDate(earlier, 'en', utcNow, 'Europe/Helsinki')).toBe('08:05');
    // In Tokyo it is 15:05 on Wednesday while "now" is already Thursday: the same week, not the same day.
    expect(formatListDate(earlier, 'en', utcNow, 'Asia/Tokyo')).toBe('Wed 12/03');
  });

  it('same week (from Monday): short weekday in the interface language and DD/MM of the zone', () => {
    const monday = new Date(Date.UTC(2025, 2, 9, 23, 30)); // Sunday 23:30 UTC = Monday 01:30 in Helsinki
    expect(formatListDate(monday, 'fi', utcNow, 'Europe/Helsinki')).toBe('ma 10/03');
    // The same instant is still Sunday in New York: last week there.
    expect(formatListDate(monday, 'en', utcNow, 'America/New_York')).toBe('09/03/25');
  });

  it('otherwise DD/MM/YY of the zone; an unreadable date is --', () => {
    const newYear = new Date(Date.UTC(2024, 11, 31, 23, 30)); // 1 January 2025 01:30 in Helsinki
    expect(formatListDate(newYear, 'en', utcNow, 'Europe/Helsinki')).toBe('01/01/25');
    expect(formatListDate(newYear, 'en', utcNow, 'UTC')).toBe('31/12/24');
    expect(formatListDate('nonsense', 'en', utcNow, 'Europe/Helsinki')).toBe(missingDate);
  });

  it('full date: DD.MM.YYYY HH:mm (24 h) in the zone', () => {
    const instant = new Date(Date.UTC(2025, 0, 5, 22, 3));
    expect(formatFullDate(instant, 'Europe/Helsinki')).toBe('06.01.2025 00:03');
    expect(formatFullDate(instant, 'America/New_York')).toBe('05.01.2025 17:03');
    expect(formatFullDate('nonsense', 'UTC')).toBe(missingDate);
  });
});
