import type { FastifyPluginAsync } from 'fastify';
import { messagesEndpoints } from '@webmail/contracts';
import { route } from '../../infra/http/endpoint-route.js';
import type { MailSessions } from '../../mail/mail-session.js';
import type { MassActionsService } from './mass-actions.service.js';

export function massActionsRoutes(mail: MailSessions, massActions: MassActionsService): FastifyPluginAsync {
  return async (app) => {
    route(
      app,
      messagesEndpoints.massAction,
      async (request) => massActions.run(mail.forRequest(request), request.body),
      // Up to 20,000 explicit message references; whole folders are sent as '*'.
      { bodyLimit: 4 * 1024 * 1024 },
    );
  };
}
