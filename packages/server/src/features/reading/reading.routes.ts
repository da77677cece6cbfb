import type { FastifyPluginAsync } from 'fastify';
import { readingEndpoints as endpoints } from '@webmail/contracts';
import { route } from '../../infra/http/endpoint-route.js';
import type { MailSessions } from '../../mail/mail-session.js';
import { cleanMediaType } from '../../mail/mime/content-type.js';
import { attachmentDisposition } from './content-disposition.js';
import type { MessageDownloadsService } from './message-downloads.service.js';
import type { ThreadService } from './thread.service.js';

// Raw mail, attachments and archives are never rendered in our origin: no sniffing, no scripts, not cached.
const fileHeaders = {
  'X-Content-Type-Options': 'nosniff',
  'Content-Security-Policy': "default-src 'none'; sandbox",
  'Cache-Control': 'private, no-store',
};

/** Conversation view, attachment downloads, message source (view and .eml) and download-all. */
export function readingRoutes(
  mail: MailSessions,
  threads: ThreadService,
  downloads: MessageDownloadsService,
): FastifyPluginAsync {
  return async (app) => {
    route(app, endpoints.thread, async (request, reply) => {
      const { mailboxId, threadId } = request.params;
      reply.header('Cache-Control', 'private, no-store');
      return threads.get(mail.forRequest(request), mailboxId, threadId, request.query.messageId);
    });

    route(app, endpoints.attachment, async (request, reply) => {
      const { mailboxId, messageId, attachmentId } = request.params;
      const { attachment, stream } = await downloads.attachment(
        mail.forRequest(request),
        mailboxId,
        messageId,
        attachmentId,
      );
      // Download only: the browser must never render an attachment in our origin. The mail's own type only
      // when it is a clean `type/subtype`: `image/png日本` is no header value (Node would throw).
      return reply
        .headers(fileHeaders)
        .header('Content-Type', cleanMediaType(attachment.contentType) ?? 'application/octet-stream')
        .header('Content-Disposition', attachmentDisposition(attachment.filename))
        .send(stream);
    });

    route(app, endpoints.source, async (request, reply) => {
      const { mailboxId, messageId } = request.params;
      const { baseName, stream } = await downloads.source(mail.forRequest(request), mailboxId, messageId);
      reply.headers(fileHeaders);
      if (request.query.download) {
        reply
          .header('Content-Type', 'message/rfc822')
          .header('Content-Disposition', attachmentDisposition(`${baseName}.eml`));
      } else {
        reply.header('Content-Type', 'text/plain; charset=utf-8').header('Content-Disposition', 'inline');
      }
      return reply.send(stream);
    });

    route(app, endpoints.attachmentsZip, async (request, reply) => {
      const { mailboxId, messageId } = request.params;
      const { baseName, stream } = await downloads.attachmentsZip(
        mail.forRequest(request),
        mailboxId,
        messageId,
      );
      return reply
        .headers(fileHeaders)
        .header('Content-Type', 'application/zip')
        .header('Content-Disposition', attachmentDisposition(`${baseName}.zip`))
        .send(stream);
    });
  };
}
