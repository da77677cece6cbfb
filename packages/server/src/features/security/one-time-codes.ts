import { randomInt } from 'node:crypto';
import { Secret, TOTP } from 'otpauth';
import { hmac } from '../../infra/crypto.js';

/** RFC 6238 defaults every authenticator app takes: SHA-1, 6 digits, 30 s. */
const period = 30;
const totpOf = (secret: string, label = '', issuer = '') =>
  new TOTP({ issuer, label, algorithm: 'SHA1', digits: 6, period, secret: Secret.fromBase32(secret) });

export function newTotpSecret(): string {
  return new Secret({ size: 20 }).base32;
}

export function totpUri(secret: string, account: string, issuer: string): string {
  return totpOf(secret, account, issuer).toString();
}

/**
 * The time step a code belongs to when it is valid now, one step either side (clock drift), else null. The
 * caller refuses a step not newer than the last one used, so each code works once.
 */
export function totpStep(secret: string, code: string, now = Date.now()): number | null {
  const delta = totpOf(secret).validate({ token: code, timestamp: now, window: 1 });
  if (delta === null) return null;
  return Math.floor(now / 1000 / period) + delta;
}

// No 0/o, 1/l/i: read off paper, typed by hand.
const alphabet = 'abcdefghjkmnpqrstuvwxyz23456789';

/** Ten recovery codes, `xxxxx-xxxxx` (about 49 bits each). */
export function newRecoveryCodes(count = 10): string[] {
  return Array.from({ length: count }, () => {
    const chars = Array.from({ length: 10 }, () => alphabet[randomInt(alphabet.length)]).join('');
    return `${chars.slice(0, 5)}-${chars.slice(5)}`;
  });
}

/** What a typed recovery code is compared as: lower case, without spaces and dashes. */
export const normalizeRecoveryCode = (code: string) => code.toLowerCase().replace(/[\s-]/g, '');

/** Keyed hash of a recovery code (a server key: a database dump alone cannot test guesses). */
export const recoveryCodeHash = (key: string, code: string) =>
  hmac(key, `recovery:${normalizeRecoveryCode(code)}`);

/** 16 lowercase letters (~75 bits); the first four are its selector in the mail server's table. */
export function newApplicationPassword(): string {
  return Array.from({ length: 16 }, () => String.fromCharCode(97 + randomInt(26))).join('');
}
