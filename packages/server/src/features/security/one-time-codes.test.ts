import { TOTP, Secret } from 'otpauth';
import { describe, expect, it } from 'vitest';
import {
  newApplicationPassword,
  newRecoveryCodes,
  newTotpSecret,
  normalizeRecoveryCode,
  recoveryCodeHash,
  totpStep,
  totpUri,
} from './one-time-codes.js';

describe('one-time codes', () => {
  it('takes a TOTP code one step either side and names its step', () => {
    const secret = newTotpSecret();
    const totp = new TOTP({ secret: Secret.fromBase32(secret) });
    const now = 1_700_000_000_000;
    const step = Math.floor(now / 30_000);
    expect(totpStep(secret, totp.generate({ timestamp: now }), now)).toBe(step);
    expect(totpStep(secret, totp.generate({ timestamp: now - 30_000 }), now)).toBe(step - 1);
    expect(totpStep(secret, totp.generate({ timestamp: now + 30_000 }), now)).toBe(step + 1);
    expect(totpStep(secret, totp.generate({ timestamp: now - 60_000 }), now)).toBeNull();
  });

  it('makes an otpauth URI with issuer and account', () => {
    const uri = totpUri('JBSWY3DPEHPK3PXP', 'alice@example.test', 'Webmail');
    expect(uri).toMatch(/^otpauth:\/\/totp\/Webmail:alice%40example\.test\?/);
    expect(uri).toContain('secret=JBSWY3DPEHPK3PXP');
  });

  it('makes ten distinct recovery codes, compared without case and dashes', () => {
    const codes = newRecoveryCodes();
    expect(new Set(codes).size).toBe(10);
    for (const code of codes) expect(code).toMatch(/^[a-z2-9]{5}-[a-z2-9]{5}$/);
    expect(recoveryCodeHash('k', codes[0]!.toUpperCase().replace('-', ' '))).toBe(
      recoveryCodeHash('k', codes[0]!),
    );
    expect(normalizeRecoveryCode('AB-CD ef')).toBe('abcdef');
  });

  it('makes application passwords of 16 lowercase letters', () => {
    expect(newApplicationPassword()).toMatch(/^[a-z]{16}$/);
  });
});
