import type { FastifyPluginAsync } from 'fastify';
import { composeEndpoints as endpoints } from '@webmail/contracts';
import { route } from '../../infra/http/endpoint-route.js';
import { accountOf } from '../../infra/session/route-auth.js';
import type { MailSessions } from '../../mail/mail-session.js';
import { draftBodyLimit } from './drafts.routes.js';
import type { SendLaterService } from './send-later.js';
import type { SendService } from './send.service.js';

export function sendRoutes(
  mail: MailSessions,
  send: SendService,
  later: SendLaterService,
): FastifyPluginAsync {
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
    route(app, endpoints.scheduled, async (_request, _reply, { account }) => later.list(account));
    route(app, endpoints.reschedule, async (_request, _reply, { account, params, body }) =>
      later.reschedule(account, params.outboxId, body.sendAt),
    );
    route(app, endpoints.sendNow, async (_request, _reply, { account, params }) =>
      later.sendNow(account, params.outboxId),
    );
  };
}
