import { describe, expect, it } from 'vitest';
import { RateWindow } from './rate-window.js';

describe('RateWindow', () => {
  it('limits a key after max events in the window and frees it when they age out', () => {
    const window = new RateWindow(3, 1000);
    for (let i = 0; i < 3; i += 1) window.hit('a@x', 100 + i);
    expect(window.isLimited('a@x', 200)).toBe(true);
    expect(window.isLimited('b@x', 200)).toBe(false);
    expect(window.isLimited('a@x', 1101)).toBe(false);
  });

  it('says how long until the key is free again', () => {
    const window = new RateWindow(2, 10_000);
    window.hit('k', 0);
    expect(window.retryAfterSeconds('k', 0)).toBe(0);
    window.hit('k', 1000);
    expect(window.retryAfterSeconds('k', 1000)).toBe(9);
    expect(window.retryAfterSeconds('k', 9500)).toBe(1);
  });

  it('forgets a key on clear', () => {
    const window = new RateWindow(1, 1000);
    window.hit('k', 1);
    window.clear('k');
    expect(window.isLimited('k', 2)).toBe(false);
  });
});
