import type { FastifyPluginAsync } from 'fastify';
import { messagesEndpoints as endpoints } from '@webmail/contracts';
import { route } from '../../infra/http/endpoint-route.js';
import { accountOf } from '../../infra/route-auth.js';
import { attachmentDisposition } from './content-disposition.js';
import type { MessagesService } from './messages.service.js';

export function messagesRoutes(messages: MessagesService): FastifyPluginAsync {
  return async (app) => {
    route(app, endpoints.list, async (request) => {
      const { mailboxId } = request.params;
      const { offset, limit, mode } = request.query;
      return messages.list(accountOf(request), mailboxId, offset, limit, mode);
    });

    route(app, endpoints.message, async (request, reply) => {
      const { mailboxId, messageId } = request.params;
      reply.header('Cache-Control', 'private, no-store');
      const showRemote = request.query.remoteContent === 'show';
      return messages.get(accountOf(request), mailboxId, messageId, { showRemote });
    });

    route(app, endpoints.updateFlags, async (request) => {
      const { mailboxId, messageId } = request.params;
      return messages.setFlags(accountOf(request), mailboxId, messageId, request.body);
    });

    route(app, endpoints.attachment, async (request, reply) => {
      const { mailboxId, messageId, attachmentId } = request.params;
      const { attachment, stream } = await messages.attachment(
        accountOf(request),
        mailboxId,
        messageId,
        attachmentId,
      );
      // Never let the browser render an attachment in our origin: download only, no sniffing, no scripts.
      return reply
        .header('Content-Type', attachment.contentType || 'application/octet-stream')
        .header('Content-Disposition', attachmentDisposition(attachment.filename))
        .header('X-Content-Type-Options', 'nosniff')
        .header('Content-Security-Policy', "default-src 'none'; sandbox")
        .header('Cache-Control', 'private, no-store')
        .send(stream);
    });
  };
}
