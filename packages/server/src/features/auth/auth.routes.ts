import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  AccountsResponse,
  ApiError,
  cookieNames,
  LoggedInUser,
  LoginRequest,
  LoginResponse,
  OkResponse,
  UserIndexQuery,
} from '@webmail/contracts';
import type { Config } from '../../infra/config.js';
import { randomToken } from '../../infra/crypto.js';
import { AppError } from '../../infra/errors.js';
import { accountOf } from '../../infra/route-auth.js';
import { clearSessionCookies, isSecureRequest, setDeviceCookie, setSessionCookies } from './auth-cookies.js';
import type { AuthService } from './auth.service.js';
import type { LoginThrottle } from './login-throttle.js';

const errors = { 401: ApiError, 419: ApiError, 422: ApiError, 429: ApiError, 503: ApiError };

export function authRoutes(
  config: Config,
  auth: AuthService,
  throttle: LoginThrottle,
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
        if (throttle.isLocked(email)) {
          throw new AppError('RateLimited', 429, 'Too many failed sign-ins; try again in a few minutes');
        }
        let deviceId = request.cookies[cookieNames.device];
        if (!deviceId || !/^[A-Za-z0-9_-]{16,64}$/.test(deviceId)) deviceId = randomToken(24);
        const secure = isSecureRequest(config, request);
        try {
          const result = await auth.login(email, request.body.password, deviceId);
          throttle.succeed(email);
          setDeviceCookie(reply, secure, deviceId);
          setSessionCookies(reply, secure, result.userIndex, result.tokens, Date.now());
          request.log.info({ userIndex: result.userIndex }, 'signed in');
          return { userIndex: result.userIndex, user: result.user, expiresAt: result.tokens.accessExpiresAt };
        } catch (err) {
          if (err instanceof AppError && err.code === 'AuthFailed') throttle.fail(email);
          throw err;
        }
      },
    );

    app.get(
      '/auth/accounts',
      {
        config: { auth: 'public' },
        schema: {
          summary: "This device's signed-in accounts",
          tags: ['auth'],
          response: { 200: AccountsResponse },
        },
      },
      async (request) => ({ accounts: await auth.accounts(request.cookies[cookieNames.device]) }),
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
        config: { auth: 'public' },
        schema: {
          summary: 'Rotate the refresh token and issue a new access token',
          tags: ['auth'],
          querystring: UserIndexQuery,
          response: { 200: LoginResponse, 401: ApiError, 419: ApiError },
        },
      },
      async (request, reply) => {
        const { userIndex } = request.query;
        const secure = isSecureRequest(config, request);
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
          summary: 'Sign out the account of `userIndex` on this device',
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
  };
}
