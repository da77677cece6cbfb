import { describe, expect, it } from 'vitest';
import { formatDateHeader } from './date-header.js';

const day = 86_400_000;

describe('formatDateHeader', () => {
  it('reads back as the same instant all year round, across each zone’s DST changes', () => {
    const zones = ['Europe/Helsinki', 'America/New_York', 'Asia/Kolkata', 'Australia/Adelaide', 'UTC'];
    const start = Date.UTC(2026, 0, 1, 0, 0, 7);
    for (const zone of zones) {
      for (let at = start; at < start + 366 * day; at += day + 3_719_000) {
        const header = formatDateHeader(new Date(at), zone);
        expect(header).toMatch(
          /^(Mon|Tue|Wed|Thu|Fri|Sat|Sun), \d{2} [A-Z][a-z]{2} \d{4} \d{2}:\d{2}:\d{2} [+-]\d{4}$/,
        );
        expect(Date.parse(header), `${zone} ${header}`).toBe(at);
      }
    }
  });

  it('carries the offset of the moment: summer and winter time', () => {
    expect(formatDateHeader(new Date('2026-07-01T09:00:00Z'), 'Europe/Helsinki')).toBe(
      'Wed, 01 Jul 2026 12:00:00 +0300',
    );
    expect(formatDateHeader(new Date('2026-11-28T22:30:05Z'), 'Europe/Helsinki')).toBe(
      'Sun, 29 Nov 2026 00:30:05 +0200',
    );
    expect(formatDateHeader(new Date('2026-11-28T03:00:00Z'), 'America/New_York')).toBe(
      'Fri, 27 Nov 2026 22:00:00 -0500',
    );
    expect(formatDateHeader(new Date('2026-11-28T03:00:00Z'), 'Asia/Kolkata')).toBe(
      'Sat, 28 Nov 2026 08:30:00 +0530',
    );
  });

  it('falls back to UTC without a zone or with one Intl does not know', () => {
    for (const zone of [null, undefined, '', 'Not/A_Zone']) {
      expect(formatDateHeader(new Date('2026-11-28T03:00:00Z'), zone)).toBe(
        'Sat, 28 Nov 2026 03:00:00 +0000',
      );
    }
  });
});
