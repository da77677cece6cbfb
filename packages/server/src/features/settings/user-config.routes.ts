import type { FastifyPluginAsync } from 'fastify';
import { settingsEndpoints as endpoints } from '@webmail/contracts';
import { route } from '../../infra/http/endpoint-route.js';
import { accountOf } from '../../infra/session/route-auth.js';
import type { UserConfigService } from './user-config.service.js';

/** The configuration store (`/u/{i}/config`). */
export function userConfigRoutes(service: UserConfigService): FastifyPluginAsync {
  return async (app) => {
    route(app, endpoints.config, async (request) => service.get(accountOf(request)));
    route(app, endpoints.updateConfig, async (request) => service.update(accountOf(request), request.body));
  };
}
