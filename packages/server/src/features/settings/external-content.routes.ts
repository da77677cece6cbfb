import type { FastifyPluginAsync } from 'fastify';
import { settingsEndpoints as endpoints } from '@webmail/contracts';
import { route } from '../../infra/http/endpoint-route.js';
import { accountOf } from '../../infra/session/route-auth.js';
import type { ExternalContentService } from './external-content.service.js';

/** Settings › security › external content (route ExternalContent): mode and the per-sender allow list. */
export function externalContentRoutes(service: ExternalContentService): FastifyPluginAsync {
  return async (app) => {
    route(app, endpoints.externalContent, async (request) => service.get(accountOf(request)));
    route(app, endpoints.updateExternalContent, async (request) =>
      service.setMode(accountOf(request), request.body.mode),
    );
    route(app, endpoints.addExternalContentSender, async (request) =>
      service.addSender(accountOf(request), request.body.address),
    );
    route(app, endpoints.removeExternalContentSender, async (request) => {
      await service.removeSender(accountOf(request), request.params.id);
      return { ok: true as const };
    });
  };
}
