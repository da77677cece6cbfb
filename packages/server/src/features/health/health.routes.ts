import type { FastifyPluginAsync } from 'fastify';
import { systemEndpoints } from '@webmail/contracts';
import type { Config } from '../../infra/config.js';
import { route } from '../../infra/http/endpoint-route.js';
import { issueXsrfToken } from '../../infra/xsrf.js';
import type { Readiness } from './readiness.js';

export function healthRoutes(config: Config, version: string, readiness: Readiness): FastifyPluginAsync {
  return async (app) => {
    route(app, systemEndpoints.health, async (request, reply) => {
      issueXsrfToken(config, request, reply);
      reply.header('Cache-Control', 'no-store');
      return {
        ok: true as const,
        name: 'webmail',
        version,
        authAppUrl: config.authAppUrl,
        // Only what is set up: without single sign-on the answer is what it always was.
        ...(config.oidc ? { oidc: { name: config.oidc.name } } : {}),
        ...(config.passwordSignIn ? {} : { passwordSignIn: false }),
      };
    });
    route(app, systemEndpoints.live, async (_request, reply) => {
      reply.header('Cache-Control', 'no-store');
      return { live: true as const };
    });
    route(app, systemEndpoints.ready, async (_request, reply) => {
      reply.header('Cache-Control', 'no-store');
      const answer = await readiness.check();
      if (!answer.ready) reply.code(503);
      return answer;
    });
  };
}
