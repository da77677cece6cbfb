import type { FastifyServerOptions } from 'fastify';
import pino, { type DestinationStream } from 'pino';
import type { Config } from './config.js';

/**
 * pino options. Cookies, the XSRF header and any password field are redacted: secrets never reach a log.
 * Request bodies are not logged by Fastify at all.
 */
export function loggerOptions(config: Pick<Config, 'logLevel'>) {
  return {
    level: config.logLevel,
    redact: {
      paths: [
        'req.headers.cookie',
        'req.headers.authorization',
        'req.headers["x-xsrf-token"]',
        'res.headers["set-cookie"]',
        '*.password',
        'password',
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
