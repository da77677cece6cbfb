import { hmac, safeEqual } from '../crypto.js';

/**
 * Access token: `sessionId.expiresAtMs.hmac`. Stateless to verify; the session row is still checked so
 * that sign-out and revocation take effect at once.
 */
export function signAccessToken(secret: string, sessionId: string, expiresAt: number): string {
  const payload = `${sessionId}.${expiresAt}`;
  return `${payload}.${hmac(secret, `access:${payload}`)}`;
}

export function verifyAccessToken(
  secret: string,
  token: string | undefined,
  now: number,
): { sessionId: string; expiresAt: number } | null {
  if (!token) return null;
  const [sessionId, exp, sig] = token.split('.');
  if (!sessionId || !exp || !sig) return null;
  if (!safeEqual(sig, hmac(secret, `access:${sessionId}.${exp}`))) return null;
  const expiresAt = Number(exp);
  if (!Number.isFinite(expiresAt) || expiresAt <= now) return null;
  return { sessionId, expiresAt };
}

/** Refresh token: `sessionId.secret`; only sha256(secret) is stored, and it changes on every use. */
export function parseRefreshToken(token: string | undefined): { sessionId: string; secret: string } | null {
  if (!token) return null;
  const [sessionId, secret] = token.split('.');
  return sessionId && secret ? { sessionId, secret } : null;
}
