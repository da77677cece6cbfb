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
