import { describe, expect, it } from 'vitest';
import { LoginThrottle } from './login-throttle.js';

describe('LoginThrottle', () => {
  it('locks an address after too many failures and forgets them after the window', () => {
    const throttle = new LoginThrottle(3, 1000);
    for (let i = 0; i < 3; i += 1) throttle.fail('a@x', 100 + i);
    expect(throttle.isLocked('a@x', 200)).toBe(true);
    expect(throttle.isLocked('b@x', 200)).toBe(false);
    expect(throttle.isLocked('a@x', 1200)).toBe(false);
  });

  it('clears failures on success', () => {
    const throttle = new LoginThrottle(2, 1000);
    throttle.fail('a@x', 1);
    throttle.succeed('a@x');
    throttle.fail('a@x', 2);
    expect(throttle.isLocked('a@x', 3)).toBe(false);
  });
});
