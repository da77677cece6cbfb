import { describe, expect, it } from 'vitest';
import { SignInThrottle } from './sign-in-throttle.js';

/** A clock that reads what the test sets. */
function stoppedClock() {
  return {
    at: 0,
    now() {
      return this.at;
    },
  };
}

describe('SignInThrottle', () => {
  it('lets the free failures pass, then doubles the wait up to the longest one', () => {
    const clock = stoppedClock();
    const throttle = new SignInThrottle(3, 8_000, clock);
    const locks: number[] = [];
    for (let i = 0; i < 7; i += 1) {
      throttle.fail('a');
      locks.push(throttle.retryAfterSeconds('a'));
    }
    expect(locks).toEqual([0, 0, 1, 2, 4, 8, 8]);
    clock.at = 7_500;
    expect(throttle.retryAfterSeconds('a')).toBe(1);
    clock.at = 8_000;
    expect(throttle.retryAfterSeconds('a')).toBe(0);
  });

  it('keeps keys apart and clears one', () => {
    const clock = stoppedClock();
    const throttle = new SignInThrottle(1, 60_000, clock);
    throttle.fail('a');
    throttle.fail('b');
    expect(throttle.retryAfterSeconds('a')).toBe(1);
    throttle.clear('a');
    expect(throttle.retryAfterSeconds('a')).toBe(0);
    clock.at = 500;
    expect(throttle.retryAfterSeconds('b')).toBe(1);
  });

  it('does not forget when the longest lock is waited out, only after a quiet period', () => {
    const clock = stoppedClock();
    const throttle = new SignInThrottle(1, 4_000, clock, 60_000);
    for (let i = 0; i < 5; i += 1) throttle.fail('a');
    expect(throttle.retryAfterSeconds('a')).toBe(4);
    clock.at = 5_000;
    throttle.fail('a');
    expect(throttle.retryAfterSeconds('a')).toBe(4);
    clock.at = 70_000;
    throttle.fail('a');
    expect(throttle.retryAfterSeconds('a')).toBe(1);
  });
});
