import type { FastifyPluginAsync } from 'fastify';
import { composeEndpoints as endpoints } from '@webmail/contracts';
import { route } from '../../infra/http/endpoint-route.js';
import { accountOf } from '../../infra/session/route-auth.js';
import type { MailSessions } from '../../mail/mail-session.js';
import { draftBodyLimit } from './drafts.routes.js';
import type { SendService } from './send.service.js';

export function sendRoutes(mail: MailSessions, send: SendService): FastifyPluginAsync {
  return async (app) => {
    route(
      app,
      endpoints.send,
      async (request, reply) => {
        const entry = await send.send(mail.forRequest(request), request.body);
        return reply.status(entry.status === 'queued' ? 202 : 200).send(entry);
      },
      { bodyLimit: draftBodyLimit },
    );
    route(app, endpoints.outbox, async (request) => ({ entries: await send.list(accountOf(request)) }));
    route(app, endpoints.outboxEntry, async (request) =>
      send.get(accountOf(request), request.params.outboxId),
    );
    route(app, endpoints.cancelSend, async (request) =>
      send.cancel(accountOf(request), request.params.outboxId),
    );
  };
}
