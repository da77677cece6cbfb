import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { cookieNames, xsrfHeader } from '@webmail/contracts';
import { hmac, safeEqual } from './crypto.js';
import { AppError } from './errors.js';
import { isSecureRequest, newDeviceId, readDeviceId, setDeviceCookie } from './session/session-cookies.js';
import type { Config } from './config.js';

const safeMethods = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * The XSRF token of a device: an HMAC of its (signed, httpOnly) device id. A page of another origin can
 * neither read it nor compute it, and a cookie + header pair made up by the client does not match it
 * (plain double-submit would accept any pair the attacker manages to plant).
 */
export function xsrfTokenFor(sessionSecret: string, deviceId: string): string {
  return hmac(hmac(sessionSecret, 'webmail xsrf v1'), deviceId);
}

/**
 * Sets the JS-readable XSRF cookie for the request's device (the client echoes it in a header). A browser
 * without a valid device cookie gets one first (`deviceId` names a device the caller just chose, e.g. at
 * sign-in).
 */
export function issueXsrfToken(
  config: Config,
  request: FastifyRequest,
  reply: FastifyReply,
  deviceId?: string,
): void {
  const secure = isSecureRequest(config, request);
  let id = deviceId ?? readDeviceId(config.sessionSecret, request.cookies);
  if (!id) {
    id = newDeviceId();
    setDeviceCookie(reply, secure, config.sessionSecret, id);
  }
  reply.setCookie(cookieNames.xsrf, xsrfTokenFor(config.sessionSecret, id), {
    path: '/',
    sameSite: 'lax',
    secure,
    httpOnly: false,
  });
}

/**
 * Every state-changing call (any method but GET/HEAD/OPTIONS, whatever its path: the router decodes
 * `/%61pi/…` to `/api/…`, so no URL prefix test can tell API calls apart) must carry `X-XSRF-TOKEN` equal
 * to its device's token; otherwise 419, and the client renews the token with `GET /api/` and retries once.
 */
export function registerXsrf(app: FastifyInstance, config: Config): void {
  app.addHook('onRequest', async (request) => {
    if (safeMethods.has(request.method)) return;
    // A route that no browser calls and that takes no cookie (the mail server's reports, bearer secret).
    if (request.routeOptions.config.xsrf === false) return;
    const deviceId = readDeviceId(config.sessionSecret, request.cookies);
    const header = request.headers[xsrfHeader];
    if (
      !deviceId ||
      typeof header !== 'string' ||
      !safeEqual(header, xsrfTokenFor(config.sessionSecret, deviceId))
    ) {
      throw new AppError(
        'XsrfMismatch',
        419,
        'The security token is missing or outdated; reload and try again',
      );
    }
  });
}
