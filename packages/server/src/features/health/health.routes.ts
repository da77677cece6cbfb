import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { HealthResponse } from '@webmail/contracts';
import type { Config } from '../../infra/config.js';
import { issueXsrfToken } from '../../infra/xsrf.js';

export function healthRoutes(config: Config, version: string): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/',
      {
        config: { auth: 'public' },
        schema: {
          summary: 'Health check; also issues a fresh XSRF-TOKEN cookie',
          tags: ['health'],
          response: { 200: HealthResponse },
        },
      },
      async (request, reply) => {
        issueXsrfToken(config, request, reply);
        reply.header('Cache-Control', 'no-store');
        return { ok: true as const, name: 'webmail', version, authAppUrl: config.authAppUrl };
      },
    );
  };
}
