import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { filtersEndpoints as endpoints } from '@webmail/contracts';
import { route } from '../../infra/http/endpoint-route.js';
import type { MailSessions } from '../../mail/mail-session.js';
import type { ChangeOrigin, FiltersService } from './filters.service.js';

const originOf = (request: FastifyRequest): ChangeOrigin => ({
  ip: request.ip,
  userAgent: request.headers['user-agent'] ?? '',
});

/** Settings › filters, forwarding targets, auto-reply and spam level (one Sieve script behind them all). */
export function filtersRoutes(mail: MailSessions, service: FiltersService): FastifyPluginAsync {
  return async (app) => {
    route(app, endpoints.list, async (request) => service.list(mail.forRequest(request)));
    route(app, endpoints.create, async (request, reply) =>
      reply.status(201).send(await service.create(mail.forRequest(request), request.body, originOf(request))),
    );
    route(app, endpoints.update, async (request) =>
      service.update(mail.forRequest(request), request.params.id, request.body, originOf(request)),
    );
    route(app, endpoints.remove, async (request, reply) => {
      await service.remove(mail.forRequest(request), request.params.id, originOf(request));
      return reply.status(204).send(null);
    });
    route(app, endpoints.moveToBottom, async (request) =>
      service.moveToBottom(mail.forRequest(request), request.params.id, originOf(request)),
    );
    route(app, endpoints.massDelete, async (request) => ({
      deleted: await service.massDelete(mail.forRequest(request), request.body.ids, originOf(request)),
    }));
    route(app, endpoints.massToggle, async (request) => ({
      changed: await service.massToggle(
        mail.forRequest(request),
        request.body.disabled,
        request.body.ids,
        originOf(request),
      ),
    }));
    route(app, endpoints.takeOver, async (request) =>
      service.takeOver(mail.forRequest(request), originOf(request)),
    );
    route(app, endpoints.getTargets, async (request) => ({
      targets: await service.targets(mail.forRequest(request)),
    }));
    route(app, endpoints.setTargets, async (request) => ({
      targets: await service.setTargets(mail.forRequest(request), request.body.targets, originOf(request)),
    }));
    route(app, endpoints.getAutoreply, async (request) => service.autoreply(mail.forRequest(request)));
    route(app, endpoints.setAutoreply, async (request) =>
      service.setAutoreply(mail.forRequest(request), request.body),
    );
    route(app, endpoints.getSpamLevel, async (request) => ({
      spamLevel: await service.spamLevel(mail.forRequest(request)),
    }));
    route(app, endpoints.setSpamLevel, async (request) => ({
      spamLevel: await service.setSpamLevel(mail.forRequest(request), request.body.spamLevel),
    }));
  };
}
