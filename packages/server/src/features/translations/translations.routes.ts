import type { FastifyPluginAsync } from 'fastify';
import { systemEndpoints } from '@webmail/contracts';
import { route } from '../../infra/http/endpoint-route.js';
import type { TranslationsService } from './translations.service.js';

export function translationsRoutes(translations: TranslationsService): FastifyPluginAsync {
  return async (app) => {
    route(app, systemEndpoints.catalogue, async (request, reply) => {
      reply.header('Cache-Control', 'public, max-age=300');
      return translations.catalogue(request.params.lang);
    });
  };
}
