import { describe, expect, it } from 'vitest';
import { parseRefreshToken, signAccessToken, verifyAccessToken } from './access-tokens.js';
import { decrypt, encrypt, randomToken } from '../crypto.js';

const secret = 'x'.repeat(40);

describe('access tokens', () => {
  it('verify while valid and only with the right secret', () => {
    const token = signAccessToken(secret, 'sid', 2000);
    expect(verifyAccessToken(secret, token, 1000)).toEqual({ sessionId: 'sid', expiresAt: 2000 });
    expect(verifyAccessToken('y'.repeat(40), token, 1000)).toBeNull();
    expect(verifyAccessToken(secret, token, 2000)).toBeNull();
  });

  it('reject a token whose expiry was altered', () => {
    const [sid, , sig] = signAccessToken(secret, 'sid', 2000).split('.');
    expect(verifyAccessToken(secret, `${sid}.9999999.${sig}`, 1000)).toBeNull();
  });

  it('parse refresh tokens', () => {
    expect(parseRefreshToken('abc.def')).toEqual({ sessionId: 'abc', secret: 'def' });
    expect(parseRefreshToken('nodot')).toBeNull();
  });
});

describe('sealed passwords', () => {
  it('open only with their key', () => {
    const key = randomToken(32);
    const sealed = encrypt(key, 'pässword');
    expect(sealed).not.toContain('pässword');
    expect(decrypt(key, sealed)).toBe('pässword');
    expect(() => decrypt(randomToken(32), sealed)).toThrow();
  });
});
