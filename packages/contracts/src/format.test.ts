import { describe, expect, it } from 'vitest';
import { formatBytes, formatCount, formatFullDate, formatPercent, storagePercent } from './format.js';

describe('formatBytes', () => {
  it('shows bytes below one KiB as B', () => {
    expect(formatBytes(0)).toBe('0 B');
    expect(formatBytes(1023)).toBe('1023 B');
  });
  it('uses binary units with two decimals', () => {
    expect(formatBytes(1024)).toBe('1.00 KiB');
    expect(formatBytes(1536)).toBe('1.50 KiB');
    expect(formatBytes(5 * 1024 ** 3)).toBe('5.00 GiB');
  });
  it("writes the number as the user's language does", () => {
    const nbsp = (s: string) => s.replace(/[\u00a0\u202f]/g, ' ');
    expect(formatBytes(6.46 * 1024 ** 2, 'ru')).toBe('6,46 MiB');
    expect(formatBytes(6.46 * 1024 ** 2, 'fi')).toBe('6,46 MiB');
    expect(formatBytes(6.46 * 1024 ** 2, 'en')).toBe('6.46 MiB');
    expect(nbsp(formatBytes(1000 * 1024 ** 8 * 12, 'ru'))).toBe('12 000,00 YiB');
    expect(nbsp(formatCount(12345, 'fi'))).toBe('12 345');
    expect(formatCount(12345, 'en')).toBe('12,345');
    expect(nbsp(formatPercent(1, 'ru'))).toBe('1 %');
    expect(formatPercent(51, 'en')).toBe('51%');
  });
});

describe('formatFullDate', () => {
  it('is DD.MM.YYYY HH:mm in the given time zone, whatever the language', () => {
    const date = new Date(Date.UTC(2026, 10, 23, 14, 47));
    expect(formatFullDate(date, 'UTC')).toBe('23.11.2026 14:47');
    expect(formatFullDate(date, 'Europe/Helsinki')).toBe('23.11.2026 16:47');
    expect(formatFullDate(date.toISOString(), 'America/New_York')).toBe('23.11.2026 09:47');
    expect(formatFullDate('not a date')).toBe('--');
  });
  it('keeps each zone its own after many zones, an unknown one as UTC', () => {
    const date = new Date(Date.UTC(2026, 10, 23, 14, 47));
    const zones = Intl.supportedValuesOf('timeZone').slice(0, 80);
    for (const zone of zones) formatFullDate(date, zone);
    expect(formatFullDate(date, 'Europe/Helsinki')).toBe('23.11.2026 16:47');
    expect(formatFullDate(date, 'Asia/Kolkata')).toBe('23.11.2026 20:17');
    expect(formatFullDate(date, 'Not/AZone')).toBe('23.11.2026 14:47');
    expect(formatFullDate(date, 'Europe/Helsinki')).toBe('23.11.2026 16:47');
  });
});

describe('storagePercent', () => {
  it('rounds up', () => {
    expect(storagePercent(1, 1000)).toBe(1);
    expect(storagePercent(501, 1000)).toBe(51);
  });
  it('is 0 without a limit', () => {
    expect(storagePercent(10, 0)).toBe(0);
  });
});
