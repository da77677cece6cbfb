import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { Catalogue, TranslationsParams } from '@webmail/contracts';
import type { TranslationsService } from './translations.service.js';

export function translationsRoutes(translations: TranslationsService): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/translations/:lang/:catalogue',
      {
        config: { auth: 'public' },
        schema: {
          summary: 'Message catalogue of one language (spec §7), all namespaces',
          tags: ['translations'],
          params: TranslationsParams,
          response: { 200: Catalogue },
        },
      },
      async (request, reply) => {
        reply.header('Cache-Control', 'public, max-age=300');
        return translations.catalogue(request.params.lang);
      },
    );
  };
}
