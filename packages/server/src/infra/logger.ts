import type { FastifyRequest, FastifyServerOptions } from 'fastify';
import pino, { type DestinationStream } from 'pino';
import { eventsEndpoints, imageProxyPath } from '@webmail/contracts';
import type { Config } from './config.js';

/**
 * Paths whose query is not logged: the image proxy's (a signed URL, good for hours to whoever has the user's
 * cookies, and which remote image the user looked at) and the mail push's (push.lua repeats the push there: the
 * account, its folder names and UIDs).
 */
const queryLeftOut = new Set([imageProxyPath, `/api${eventsEndpoints.mailPush.path}`]);

/**
 * A request's URL as logged, without the query of the paths above. The path is compared decoded, as the router
 * matches it (`/%61pi/proxy/image` is the same route).
 */
export function loggedUrl(url: string): string {
  const q = url.indexOf('?');
  if (q < 0) return url;
  let path = url.slice(0, q);
  try {
    path = decodeURIComponent(path);
  } catch {
    // Not valid percent-encoding: the router refuses it too.
  }
  return queryLeftOut.has(path) ? `${url.slice(0, q)}?[redacted]` : url;
}

/**
 * pino options. Cookies, the XSRF header and any password field are redacted: secrets never reach a log.
 * Request bodies are not logged by Fastify at all; the image proxy's query is left out of the URL.
 */
export function loggerOptions(config: Pick<Config, 'logLevel'>) {
  return {
    level: config.logLevel,
    serializers: {
      // Fastify's own request serializer (lib/logger-pino.js), with the URL as loggedUrl() gives it.
      req: (req: FastifyRequest) => ({
        method: req.method,
        url: loggedUrl(req.url),
        version: req.headers?.['accept-version'],
        host: req.host,
        remoteAddress: req.ip,
        remotePort: req.socket?.remotePort,
      }),
    },
    redact: {
      paths: [
        'req.headers.cookie',
        'req.headers.authorization',
        'req.headers["x-xsrf-token"]',
        'res.headers["set-cookie"]',
        '*.password',
        'password',
        // A mail login ({user, pass, authzid}) and the master credential / doveadm key in any object.
        '*.pass',
        'pass',
        '*.auth.pass',
        '*.masterPassword',
        '*.apiKey',
      ],
      censor: '[redacted]',
    },
  };
}

/** Fastify's logger option: pino with the options above, to stdout or to `stream` (tests read it). */
export function createLogger(
  config: Pick<Config, 'logLevel'>,
  stream?: DestinationStream,
): NonNullable<FastifyServerOptions['loggerInstance']> {
  return pino(loggerOptions(config), stream ?? pino.destination(1));
}
