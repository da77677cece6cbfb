import type { FastifyPluginAsync } from 'fastify';
import { unsubscribeEndpoints as endpoints } from '@webmail/contracts';
import { route } from '../../infra/http/endpoint-route.js';
import type { UnsubscribeService } from './unsubscribe.service.js';

/** Per IP and minute: a person unsubscribes a few times; more is someone using the server to POST elsewhere. */
const perMinute = 60;

/** `POST …/messages/:messageId/unsubscribe`: the message header's Unsubscribe button. */
export function unsubscribeRoutes(service: UnsubscribeService): FastifyPluginAsync {
  return async (app) => {
    route(
      app,
      endpoints.unsubscribe,
      async (request, _reply, { mail, params }) =>
        service.unsubscribe(mail, params.mailboxId, params.messageId, {
          ip: request.ip,
          userAgent: request.headers['user-agent'] ?? '',
        }),
      { config: { rateLimit: { max: perMinute, timeWindow: 60_000 } } },
    );
  };
}
