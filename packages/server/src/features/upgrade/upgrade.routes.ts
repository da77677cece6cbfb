import type { FastifyPluginAsync } from 'fastify';
import { upgradeEndpoints as endpoints } from '@webmail/contracts';
import { route } from '../../infra/http/endpoint-route.js';
import { accountOf } from '../../infra/session/route-auth.js';
import type { PlanFeaturesService } from './plan-features.service.js';

/** `GET /settings/upgrade` (settings child `upgrade`). */
export function upgradeRoutes(plan: PlanFeaturesService): FastifyPluginAsync {
  return async (app) => {
    route(app, endpoints.upgrade, async (request) => plan.upgradeInfo(accountOf(request).email));
  };
}
