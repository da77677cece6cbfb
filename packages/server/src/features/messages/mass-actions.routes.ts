import type { FastifyPluginAsync } from 'fastify';
import { messagesEndpoints } from '@webmail/contracts';
import { route } from '../../infra/http/endpoint-route.js';
import { accountOf } from '../../infra/route-auth.js';
import type { MassActionsService } from './mass-actions.service.js';

export function massActionsRoutes(massActions: MassActionsService): FastifyPluginAsync {
  return async (app) => {
    route(
      app,
      messagesEndpoints.massAction,
      async (request) => massActions.run(accountOf(request), request.body),
      // Up to 20,000 explicit message references; whole folders are sent as '*'.
      { bodyLimit: 4 * 1024 * 1024 },
    );
  };
}
