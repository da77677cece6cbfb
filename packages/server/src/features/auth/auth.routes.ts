import type { FastifyPluginAsync } from 'fastify';
import { authEndpoints as endpoints, cookieNames } from '@webmail/contracts';
import type { Config } from '../../infra/config.js';
import { AppError, unauthorized } from '../../infra/errors.js';
import { route } from '../../infra/http/endpoint-route.js';
import type { RateWindow } from '../../infra/rate-window.js';
import { accountOf } from '../../infra/session/route-auth.js';
import {
  clearSessionCookies,
  isSecureRequest,
  setDeviceCookie,
  setSessionCookies,
} from '../../infra/session/session-cookies.js';
import { issueXsrfToken } from '../../infra/xsrf.js';
import type { AuthService } from './auth.service.js';
import type { SignInLog } from './sign-in-log.js';
import type { SignInThrottle } from './sign-in-throttle.js';

export interface AuthLimits {
  /**
   * Failed sign-ins, with a growing delay: per (account, device) for a device that signed in to the account
   * before, per account for all other devices together. Strangers' guesses thus never lock the owner's own
   * devices out, and guessing from new devices gets slower with every failure.
   */
  signInFailures: SignInThrottle;
  /** Refreshes per session. */
  refreshes: RateWindow;
}

function rateLimited(retryAfterSeconds: number, message: string): AppError {
  return new AppError('RateLimited', 429, message, undefined, { 'Retry-After': String(retryAfterSeconds) });
}

export function authRoutes(
  config: Config,
  auth: AuthService,
  limits: AuthLimits,
  signInLog: SignInLog,
): FastifyPluginAsync {
  return async (app) => {
    route(
      app,
      endpoints.login,
      async (request, reply) => {
        const email = request.body.email.toLowerCase();
        const attempt = {
          account: email,
          ip: request.ip,
          userAgent: request.headers['user-agent'] ?? '',
          protocol: 'web' as const,
        };
        const presented = auth.deviceOf(request.cookies);
        const throttleKey = (await auth.hasSignedInBefore(presented, email))
          ? `device\n${presented}\n${email}`
          : `account\n${email}`;
        const wait = limits.signInFailures.retryAfterSeconds(throttleKey);
        if (wait > 0) {
          // Logged like any failure: the owner's security log shows the attempts it held back.
          await signInLog.record({ ...attempt, type: 'signInFailed' });
          throw rateLimited(wait, 'Too many failed sign-ins; try again later');
        }
        const deviceId = await auth.deviceForSignIn(presented);
        const secure = isSecureRequest(config, request);
        try {
          const result = await auth.login(email, request.body.password, deviceId);
          limits.signInFailures.clear(throttleKey);
          await signInLog.record({ ...attempt, type: 'signIn' });
          setDeviceCookie(reply, secure, config.sessionSecret, deviceId);
          // The XSRF token is bound to the device; a device given a new id needs its new token.
          issueXsrfToken(config, request, reply, deviceId);
          setSessionCookies(reply, secure, result.userIndex, result.tokens, Date.now());
          request.log.info({ userIndex: result.userIndex }, 'signed in');
          return { userIndex: result.userIndex, user: result.user, expiresAt: result.tokens.accessExpiresAt };
        } catch (err) {
          if (err instanceof AppError && err.code === 'AuthFailed') {
            limits.signInFailures.fail(throttleKey);
            await signInLog.record({ ...attempt, type: 'signInFailed' });
          }
          throw err;
        }
      },
      { config: { rateLimit: { max: config.loginRateLimitPerMinute, timeWindow: 60_000 } } },
    );

    route(app, endpoints.accounts, async (request) => ({
      accounts: await auth.accounts(auth.deviceOf(request.cookies)),
    }));

    route(app, endpoints.me, async (request) => auth.me(accountOf(request)));

    route(
      app,
      endpoints.refresh,
      async (request, reply) => {
        const { userIndex } = request.query;
        const secure = isSecureRequest(config, request);
        // Per session (the refresh cookie names it), whatever IP the calls come from.
        const sessionKey = request.cookies[cookieNames.refreshToken(userIndex)]?.split('.')[0] ?? request.ip;
        if (limits.refreshes.isLimited(sessionKey)) {
          throw rateLimited(limits.refreshes.retryAfterSeconds(sessionKey), 'Too many session refreshes');
        }
        limits.refreshes.hit(sessionKey);
        try {
          const { tokens, user } = await auth.refresh(request.cookies, userIndex);
          setSessionCookies(reply, secure, userIndex, tokens, Date.now());
          return { userIndex, user, expiresAt: tokens.accessExpiresAt };
        } catch (err) {
          clearSessionCookies(reply, secure, userIndex);
          throw err;
        }
      },
      { config: { rateLimit: { max: config.refreshRateLimitPerMinute * 4, timeWindow: 60_000 } } },
    );

    route(app, endpoints.logout, async (request, reply) => {
      const account = accountOf(request);
      await auth.logout(account);
      clearSessionCookies(reply, isSecureRequest(config, request), account.userIndex);
      return { ok: true as const };
    });

    route(app, endpoints.removeDeviceUser, async (request, reply) => {
      const { index } = request.query;
      const accounts = await auth.removeDeviceUser(auth.deviceOf(request.cookies), index);
      clearSessionCookies(reply, isSecureRequest(config, request), index);
      return { accounts };
    });

    for (const endpoint of [endpoints.removeDeviceUsers, endpoints.logoutAll]) {
      route(app, endpoint, async (request, reply) => {
        const deviceId = auth.deviceOf(request.cookies);
        // Signing every account out takes a live session of this device (the account menu has one);
        // forgetting the remembered accounts (the account chooser, maybe none signed in) takes the device.
        if (endpoint === endpoints.logoutAll && !(await auth.hasSessionOn(request.cookies, deviceId))) {
          throw unauthorized();
        }
        const freed = await auth.forgetDevice(deviceId);
        const secure = isSecureRequest(config, request);
        for (const index of freed) clearSessionCookies(reply, secure, index);
        return { accounts: [] };
      });
    }
  };
}
