import type { FastifyPluginAsync } from 'fastify';
import { signatureLimits, signaturesEndpoints as endpoints } from '@webmail/contracts';
import { route } from '../../infra/http/endpoint-route.js';
import type { SignaturesService } from './signatures.service.js';

// The HTML with its inline images, plus room for the JSON around it and its escapes.
const bodyLimit = Math.ceil(signatureLimits.htmlMaxBytes * 1.2) + 16_384;

/** Settings › signatures (routes Signature, SignatureEdit). */
export function signaturesRoutes(service: SignaturesService): FastifyPluginAsync {
  return async (app) => {
    route(app, endpoints.list, async (_request, _reply, { account }) => ({
      signatures: await service.list(account),
    }));
    route(app, endpoints.get, async (_request, _reply, { account, params }) =>
      service.get(account, params.id),
    );
    route(
      app,
      endpoints.create,
      async (_request, reply, { account, body }) =>
        reply.status(201).send(await service.create(account, body)),
      { bodyLimit },
    );
    route(
      app,
      endpoints.update,
      async (_request, _reply, { account, params, body }) => service.update(account, params.id, body),
      { bodyLimit },
    );
    route(app, endpoints.remove, async (_request, reply, { account, params }) => {
      await service.remove(account, params.id);
      return reply.status(204).send(null);
    });
  };
}
