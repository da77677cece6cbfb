import type { FastifyPluginAsync } from 'fastify';
import { messagesEndpoints as endpoints } from '@webmail/contracts';
import { route } from '../../infra/http/endpoint-route.js';
import type { MailSessions } from '../../mail/mail-session.js';
import type { MessagesService } from './messages.service.js';

export function messagesRoutes(mail: MailSessions, messages: MessagesService): FastifyPluginAsync {
  return async (app) => {
    route(app, endpoints.list, async (request) => {
      const { mailboxId } = request.params;
      const { offset, limit, mode, sort, order } = request.query;
      return messages.list(mail.forRequest(request), mailboxId, offset, limit, mode, { field: sort, order });
    });

    route(app, endpoints.message, async (request, reply) => {
      const { mailboxId, messageId } = request.params;
      reply.header('Cache-Control', 'private, no-store');
      const showRemote = request.query.remoteContent === 'show';
      return messages.get(mail.forRequest(request), mailboxId, messageId, { showRemote });
    });

    route(app, endpoints.updateFlags, async (request) => {
      const { mailboxId, messageId } = request.params;
      return messages.setFlags(mail.forRequest(request), mailboxId, messageId, request.body);
    });
  };
}
