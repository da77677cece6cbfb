import type { FastifyServerOptions } from 'fastify';
import type { Config } from './config.js';

/**
 * pino options. Cookies, the XSRF header and any password field are redacted: secrets never reach a log.
 * Request bodies are not logged by Fastify at all.
 */
export function loggerOptions(config: Pick<Config, 'logLevel'>): FastifyServerOptions['logger'] {
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
