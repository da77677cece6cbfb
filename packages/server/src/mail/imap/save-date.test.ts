import { describe, expect, it } from 'vitest';
import { parseDateTime } from './save-date.js';

describe('IMAP date-time', () => {
  it('parses the zone offset', () => {
    expect(parseDateTime(' 6-May-2026 01:14:00 +0300')).toBe(Date.UTC(2026, 4, 5, 22, 14, 0));
    expect(parseDateTime('17-Jan-2001 23:00:05 -0130')).toBe(Date.UTC(2001, 0, 18, 0, 30, 5));
    expect(parseDateTime('yesterday')).toBeUndefined();
  });
});
