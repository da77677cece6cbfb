import type { FastifyPluginAsync } from 'fastify';
import { snoozeEndpoints as endpoints } from '@webmail/contracts';
import { route } from '../../infra/http/endpoint-route.js';
import type { SnoozeService } from './snooze.service.js';

/** The Snoozed list, snooze, change the time, wake now. */
export function snoozeRoutes(service: SnoozeService): FastifyPluginAsync {
  return async (app) => {
    route(app, endpoints.list, async (_request, _reply, { mail }) => service.list(mail));
    route(app, endpoints.snooze, async (request, _reply, { mail }) => service.snooze(mail, request.body));
    route(app, endpoints.change, async (request, _reply, { mail }) =>
      service.change(mail, request.params.id, request.body.wakeAt),
    );
    route(app, endpoints.unsnooze, async (request, _reply, { mail }) => {
      await service.unsnooze(mail, request.params.id);
      return { ok: true as const };
    });
  };
}
