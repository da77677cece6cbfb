import { describe, expect, it } from 'vitest';
import { SignInThrottle } from './sign-in-throttle.js';

describe('SignInThrottle', () => {
  it('lets the free failures pass, then doubles the wait up to the longest one', () => {
    const throttle = new SignInThrottle(3, 8_000);
    const locks: number[] = [];
    for (let i = 0; i < 7; i += 1) {
      throttle.fail('a', 0);
      locks.push(throttle.retryAfterSeconds('a', 0));
    }
    expect(locks).toEqual([0, 0, 1, 2, 4, 8, 8]);
    expect(throttle.retryAfterSeconds('a', 7_500)).toBe(1);
    expect(throttle.retryAfterSeconds('a', 8_000)).toBe(0);
  });

  it('keeps keys apart and clears one', () => {
    const throttle = new SignInThrottle(1, 60_000);
    throttle.fail('a', 0);
    throttle.fail('b', 0);
    expect(throttle.retryAfterSeconds('a', 0)).toBe(1);
    throttle.clear('a');
    expect(throttle.retryAfterSeconds('a', 0)).toBe(0);
    expect(throttle.retryAfterSeconds('b', 500)).toBe(1);
  });

  it('does not forget when the longest lock is waited out, only after a quiet period', () => {
    const throttle = new SignInThrottle(1, 4_000, 60_000);
    for (let i = 0; i < 5; i += 1) throttle.fail('a', 0);
    expect(throttle.retryAfterSeconds('a', 0)).toBe(4);
    throttle.fail('a', 5_000);
    expect(throttle.retryAfterSeconds('a', 5_000)).toBe(4);
    throttle.fail('a', 70_000);
    expect(throttle.retryAfterSeconds('a', 70_000)).toBe(1);
  });
});
