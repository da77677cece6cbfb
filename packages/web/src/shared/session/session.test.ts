import { describe, expect, it } from 'vitest';
import { setCookie } from '../../test/cookies';
import {
  hasActiveSession,
  isSignInPath,
  parseSignInReason,
  parseUserIndex,
  signInPath,
  userIndexOfPath,
  userSelectPath,
} from './session';

describe('session rule helpers', () => {
  it('a user index is a whole number 0–31 and nothing else', () => {
    expect(parseUserIndex('0')).toBe(0);
    expect(parseUserIndex('31')).toBe(31);
    for (const value of [undefined, '', 'abc', '1.5', '-1', '32', '1e1', ' 1']) {
      expect(parseUserIndex(value), String(value)).toBeNull();
    }
  });

  it("is active only with that very index's expiry cookie", () => {
    setCookie('wm_exp_1', '123');
    expect(hasActiveSession(1)).toBe(true);
    expect(hasActiveSession(0)).toBe(false);
    expect(hasActiveSession(null)).toBe(false);
  });

  it('reads the user index of signed-in paths', () => {
    expect(userIndexOfPath('/u/2/INBOX/1/5')).toBe(2);
    expect(userIndexOfPath('/u/0')).toBe(0);
    expect(userIndexOfPath('/u/abc/INBOX')).toBeNull();
    expect(userIndexOfPath('/login')).toBeNull();
  });

  it('builds the sign-in addresses', () => {
    expect(signInPath()).toBe('/login/password');
    expect(signInPath('missingExpiryCookie')).toBe('/login/password?reason=missingExpiryCookie');
    expect(signInPath(undefined, 'bob@example.test')).toBe('/login/password?email=bob%40example.test');
    expect(userSelectPath('apiRequestUnauthorized')).toBe('/login?reason=apiRequestUnauthorized');
    expect(userSelectPath(undefined, 3)).toBe('/login?uid=3');
    expect(isSignInPath('/login')).toBe(true);
    expect(isSignInPath('/login/2fa/totp')).toBe(true);
    expect(isSignInPath('/loginx')).toBe(false);
    expect(parseSignInReason('missingExpiryCookie')).toBe('missingExpiryCookie');
    expect(parseSignInReason('other')).toBeUndefined();
  });
});
