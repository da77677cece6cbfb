import negotiate from '@fastify/accept-negotiator';
import type { FastifyPluginAsync } from 'fastify';
import { systemEndpoints } from '@webmail/contracts';
import { route } from '../../infra/http/endpoint-route.js';
import type { CatalogueEncoding, TranslationsService } from './translations.service.js';

const encodings: CatalogueEncoding[] = ['br', 'gzip'];

export function translationsRoutes(translations: TranslationsService): FastifyPluginAsync {
  return async (app) => {
    route(app, systemEndpoints.catalogue, async (request, reply) => {
      reply.header('Cache-Control', 'public, max-age=300').header('Vary', 'Accept-Encoding');
      const encoding = negotiate(request.headers['accept-encoding'] ?? '', encodings);
      if (!encoding) return translations.catalogue(request.params.lang);
      const body = await translations.encoded(request.params.lang, encoding);
      return reply.header('Content-Encoding', encoding).type('application/json; charset=utf-8').send(body);
    });
  };
}
