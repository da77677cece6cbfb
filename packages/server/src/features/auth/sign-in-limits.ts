import type { FastifyRequest } from 'fastify';
import { AppError } from '../../infra/errors.js';
import type { RateWindow } from '../../infra/rate-window.js';
import type { AuthService } from './auth.service.js';
import type { SignInThrottle } from './sign-in-throttle.js';

export interface AuthLimits {
  /**
   * Failed sign-ins, with a growing delay: per (account, device) for a device that signed in to the account
   * before, per account for all other devices together. Strangers' guesses thus never lock the owner's own
   * devices out, and guessing from new devices gets slower with every failure.
   */
  signInFailures: SignInThrottle;
  /** Wrong second-factor codes (and refused passkeys), keyed like sign-in failures. */
  secondFactorFailures: SignInThrottle;
  /** Refreshes per session. */
  refreshes: RateWindow;
}

export function rateLimited(retryAfterSeconds: number, message: string): AppError {
  return new AppError('RateLimited', 429, message, undefined, { 'Retry-After': String(retryAfterSeconds) });
}

/** What the security log records of a sign-in attempt from this request. */
export function signInAttempt(request: FastifyRequest, account: string) {
  return {
    account,
    ip: request.ip,
    userAgent: request.headers['user-agent'] ?? '',
    protocol: 'web' as const,
  };
}

/**
 * Failures count per (account, device) for a device that had a session of the account, per account for all
 * other devices together: strangers' guesses never lock the owner's own devices out.
 */
export async function throttleKeyOf(
  auth: AuthService,
  deviceId: string | undefined,
  email: string,
): Promise<string> {
  return (await auth.hasSignedInBefore(deviceId, email))
    ? `device\n${deviceId}\n${email}`
    : `account\n${email}`;
}
