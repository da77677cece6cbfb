import { describe, expect, it } from 'vitest';
import { formatBytes, storagePercent } from './format.js';

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
