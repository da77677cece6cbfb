import type { FastifyPluginAsync } from 'fastify';
import { messagesEndpoints as endpoints } from '@webmail/contracts';
import { route } from '../../infra/http/endpoint-route.js';
import type { MailSession, MailSessions } from '../../mail/mail-session.js';
import type { MessagesService } from './messages.service.js';

/** Told after a folder's first page was listed (the reading feature prepares opening its messages). */
export type FolderListed = (mail: MailSession, mailboxId: string) => void;

export function messagesRoutes(
  mail: MailSessions,
  messages: MessagesService,
  listed?: FolderListed,
): FastifyPluginAsync {
  return async (app) => {
    // The rows are built field by field (message-summary.ts, message-list.ts): no zod pass over the answer in
    // production, where this is the hottest route (endpoint-route.ts `exactAnswer`).
    route(
      app,
      endpoints.list,
      async (request) => {
        const { mailboxId } = request.params;
        const { offset, limit, mode, sort, order } = request.query;
        const session = mail.forRequest(request);
        const page = await messages.list(session, mailboxId, offset, limit, mode, { field: sort, order });
        if (offset === 0) listed?.(session, mailboxId);
        return page;
      },
      { exactAnswer: true },
    );

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
