import type { FastifyPluginAsync } from 'fastify';
import { authEndpoints as endpoints, cookieNames } from '@webmail/contracts';
import type { Config } from '../../infra/config.js';
import { randomToken } from '../../infra/crypto.js';
import { AppError } from '../../infra/errors.js';
import { route } from '../../infra/http/endpoint-route.js';
import type { RateWindow } from '../../infra/rate-window.js';
import { accountOf } from '../../infra/session/route-auth.js';
import {
  clearSessionCookies,
  isSecureRequest,
  setDeviceCookie,
  setSessionCookies,
} from '../../infra/session/session-cookies.js';
import type { AuthService } from './auth.service.js';
import type { SignInLog } from './sign-in-log.js';

export interface AuthLimits {
  /** Failed sign-ins per account. */
  signInFailures: RateWindow;
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
        if (limits.signInFailures.isLimited(email)) {
          await signInLog.record({ ...attempt, type: 'signInFailed' });
          throw rateLimited(
            limits.signInFailures.retryAfterSeconds(email),
            'Too many failed sign-ins; try again in a few minutes',
          );
        }
        let deviceId = request.cookies[cookieNames.device];
        if (!deviceId || !/^[A-Za-z0-9_-]{16,64}$/.test(deviceId)) deviceId = randomToken(24);
        const secure = isSecureRequest(config, request);
        try {
          const result = await auth.login(email, request.body.password, deviceId);
          limits.signInFailures.clear(email);
          await signInLog.record({ ...attempt, type: 'signIn' });
          setDeviceCookie(reply, secure, deviceId);
          setSessionCookies(reply, secure, result.userIndex, result.tokens, Date.now());
          request.log.info({ userIndex: result.userIndex }, 'signed in');
          return { userIndex: result.userIndex, user: result.user, expiresAt: result.tokens.accessExpiresAt };
        } catch (err) {
          if (err instanceof AppError && err.code === 'AuthFailed') {
            limits.signInFailures.hit(email);
            await signInLog.record({ ...attempt, type: 'signInFailed' });
          }
          throw err;
        }
      },
      { config: { rateLimit: { max: config.loginRateLimitPerMinute, timeWindow: 60_000 } } },
    );

    route(app, endpoints.accounts, async (request) => ({
      accounts: await auth.accounts(request.cookies[cookieNames.device]),
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
      const accounts = await auth.removeDeviceUser(request.cookies[cookieNames.device], index);
      clearSessionCookies(reply, isSecureRequest(config, request), index);
      return { accounts };
    });

    for (const endpoint of [endpoints.removeDeviceUsers, endpoints.logoutAll]) {
      route(app, endpoint, async (request, reply) => {
        const freed = await auth.forgetDevice(request.cookies[cookieNames.device]);
        const secure = isSecureRequest(config, request);
        for (const index of freed) clearSessionCookies(reply, secure, index);
        return { accounts: [] };
      });
    }
  };
}
