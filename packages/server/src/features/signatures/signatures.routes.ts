import type { FastifyPluginAsync } from 'fastify';
import { signatureLimits, signaturesEndpoints as endpoints } from '@webmail/contracts';
import { route } from '../../infra/http/endpoint-route.js';
import { accountOf } from '../../infra/session/route-auth.js';
import type { SignaturesService } from './signatures.service.js';

// The HTML with its inline images, plus room for the JSON around it and its escapes.
const bodyLimit = Math.ceil(signatureLimits.htmlMaxBytes * 1.2) + 16_384;

/** Settings › signatures (routes Signature, SignatureEdit). */
export function signaturesRoutes(service: SignaturesService): FastifyPluginAsync {
  return async (app) => {
    route(app, endpoints.list, async (request) => ({ signatures: await service.list(accountOf(request)) }));
    route(app, endpoints.get, async (request) => service.get(accountOf(request), request.params.id));
    route(
      app,
      endpoints.create,
      async (request, reply) =>
        reply.status(201).send(await service.create(accountOf(request), request.body)),
      { bodyLimit },
    );
    route(
      app,
      endpoints.update,
      async (request) => service.update(accountOf(request), request.params.id, request.body),
      { bodyLimit },
    );
    route(app, endpoints.remove, async (request, reply) => {
      await service.remove(accountOf(request), request.params.id);
      return reply.status(204).send(null);
    });
  };
}
