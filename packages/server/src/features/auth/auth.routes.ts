import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  AccountsResponse,
  ApiError,
  cookieNames,
  LoggedInUser,
  LoginRequest,
  LoginResponse,
  OkResponse,
  RemoveDeviceUserQuery,
  UserIndexQuery,
} from '@webmail/contracts';
import type { Config } from '../../infra/config.js';
import { AppError, unauthorized } from '../../infra/errors.js';
import type { RateWindow } from '../../infra/rate-window.js';
import { accountOf } from '../../infra/route-auth.js';
import { issueXsrfToken } from '../../infra/xsrf.js';
import type { SecurityEventsService } from '../security/security-events.service.js';
import { clearSessionCookies, isSecureRequest, setDeviceCookie, setSessionCookies } from './auth-cookies.js';
import type { AuthService } from './auth.service.js';
import type { SignInThrottle } from './sign-in-throttle.js';

const errors = { 401: ApiError, 419: ApiError, 422: ApiError, 429: ApiError, 503: ApiError };

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
  securityEvents: SecurityEventsService,
): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      '/auth',
      {
        config: { auth: 'public', rateLimit: { max: config.loginRateLimitPerMinute, timeWindow: 60_000 } },
        schema: {
          summary: 'Sign in with e-mail and password (verified by IMAP LOGIN)',
          tags: ['auth'],
          body: LoginRequest,
          response: { 200: LoginResponse, ...errors },
        },
      },
      async (request, reply) => {
        const email = request.body.email.toLowerCase();
        const event = {
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
          await securityEvents.record({ ...event, type: 'signInFailed' });
          throw rateLimited(wait, 'Too many failed sign-ins; try again later');
        }
        const deviceId = await auth.deviceForSignIn(presented);
        const secure = isSecureRequest(config, request);
        try {
          const result = await auth.login(email, request.body.password, deviceId);
          limits.signInFailures.clear(throttleKey);
          await securityEvents.record({ ...event, type: 'signIn' });
          setDeviceCookie(reply, secure, config.sessionSecret, deviceId);
          // The XSRF token is bound to the device; a device given a new id needs its new token.
          issueXsrfToken(config, request, reply, deviceId);
          setSessionCookies(reply, secure, result.userIndex, result.tokens, Date.now());
          request.log.info({ userIndex: result.userIndex }, 'signed in');
          return { userIndex: result.userIndex, user: result.user, expiresAt: result.tokens.accessExpiresAt };
        } catch (err) {
          if (err instanceof AppError && err.code === 'AuthFailed') {
            limits.signInFailures.fail(throttleKey);
            await securityEvents.record({ ...event, type: 'signInFailed' });
          }
          throw err;
        }
      },
    );

    app.get(
      '/auth/accounts',
      {
        config: { auth: 'public' },
        schema: {
          summary: 'Accounts this device remembers, signed in or not',
          tags: ['auth'],
          response: { 200: AccountsResponse },
        },
      },
      async (request) => ({ accounts: await auth.accounts(auth.deviceOf(request.cookies)) }),
    );

    app.get(
      '/auth/me',
      {
        config: { auth: 'session' },
        schema: {
          summary: 'The signed-in user of `userIndex`',
          tags: ['auth'],
          querystring: UserIndexQuery,
          response: { 200: LoggedInUser, 401: ApiError },
        },
      },
      async (request) => auth.me(accountOf(request)),
    );

    app.post(
      '/auth/refresh',
      {
        config: {
          auth: 'public',
          rateLimit: { max: config.refreshRateLimitPerMinute * 4, timeWindow: 60_000 },
        },
        schema: {
          summary: 'Rotate the refresh token and issue a new access token',
          tags: ['auth'],
          querystring: UserIndexQuery,
          response: { 200: LoginResponse, 401: ApiError, 419: ApiError, 429: ApiError },
        },
      },
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
    );

    app.post(
      '/auth/logout',
      {
        config: { auth: 'session' },
        schema: {
          summary: 'User logout: end the session of `userIndex`; the device still lists the account',
          tags: ['auth'],
          querystring: UserIndexQuery,
          response: { 200: OkResponse, 401: ApiError, 419: ApiError },
        },
      },
      async (request, reply) => {
        const account = accountOf(request);
        await auth.logout(account);
        clearSessionCookies(reply, isSecureRequest(config, request), account.userIndex);
        return { ok: true as const };
      },
    );

    app.delete(
      '/auth/removeDeviceUser',
      {
        config: { auth: 'public' },
        schema: {
          summary: 'Device-user logout: sign out one account and forget it on this device',
          tags: ['auth'],
          querystring: RemoveDeviceUserQuery,
          response: { 200: AccountsResponse, 419: ApiError, 422: ApiError },
        },
      },
      async (request, reply) => {
        const { index } = request.query;
        const accounts = await auth.removeDeviceUser(auth.deviceOf(request.cookies), index);
        clearSessionCookies(reply, isSecureRequest(config, request), index);
        return { accounts };
      },
    );

    for (const [method, url, summary] of [
      ['DELETE', '/auth/removeDeviceUsers', 'Device logout: forget every account on this device'],
      ['POST', '/auth/logoutAll', 'Log out of all accounts on this device (and forget them)'],
    ] as const) {
      app.route({
        method,
        url,
        config: { auth: 'public' },
        schema: {
          summary,
          tags: ['auth'],
          response: { 200: AccountsResponse, 401: ApiError, 419: ApiError },
        },
        handler: async (request, reply) => {
          const deviceId = auth.deviceOf(request.cookies);
          // Signing every account out takes a live session of this device (the account menu has one);
          // forgetting the remembered accounts (the account chooser, maybe none signed in) takes the device.
          if (method === 'POST' && !(await auth.hasSessionOn(request.cookies, deviceId)))
            throw unauthorized();
          const freed = await auth.forgetDevice(deviceId);
          const secure = isSecureRequest(config, request);
          for (const index of freed) clearSessionCookies(reply, secure, index);
          return { accounts: [] };
        },
      });
    }
  };
}
