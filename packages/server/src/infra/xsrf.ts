import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { cookieNames, xsrfHeader } from '@webmail/contracts';
import { randomToken, safeEqual } from './crypto.js';
import { AppError } from './errors.js';
import { isSecureRequest } from './session/session-cookies.js';
import type { Config } from './config.js';

const safeMethods = new Set(['GET', 'HEAD', 'OPTIONS']);

/** Sets a fresh, JS-readable XSRF cookie (double-submit pattern: the client echoes it in a header). */
export function issueXsrfToken(config: Config, request: FastifyRequest, reply: FastifyReply): void {
  reply.setCookie(cookieNames.xsrf, randomToken(24), {
    path: '/',
    sameSite: 'lax',
    secure: isSecureRequest(config, request),
    httpOnly: false,
  });
}

/**
 * Every state-changing /api call must carry `X-XSRF-TOKEN` equal to the `XSRF-TOKEN` cookie; a mismatch
 * answers 419 and the client refreshes the token with `GET /api/`. A request without the cookie gets one.
 */
export function registerXsrf(app: FastifyInstance, config: Config): void {
  app.addHook('onRequest', async (request, reply) => {
    const cookie = request.cookies[cookieNames.xsrf];
    if (!cookie) issueXsrfToken(config, request, reply);
    if (safeMethods.has(request.method) || !request.url.startsWith('/api')) return;
    const header = request.headers[xsrfHeader];
    if (!cookie || typeof header !== 'string' || !safeEqual(cookie, header)) {
      throw new AppError(
        'XsrfMismatch',
        419,
        'The security token is missing or outdated; reload and try again',
      );
    }
  });
}
