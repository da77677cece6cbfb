import type { FastifyPluginAsync } from 'fastify';
import { readingEndpoints as endpoints } from '@webmail/contracts';
import { route } from '../../infra/http/endpoint-route.js';
import { accountOf } from '../../infra/route-auth.js';
import { attachmentDisposition } from './content-disposition.js';
import type { MessageDownloadsService } from './message-downloads.service.js';
import type { ThreadService } from './thread.service.js';

// Raw mail and archives are never rendered in our origin: no sniffing, no scripts, not cached.
const fileHeaders = {
  'X-Content-Type-Options': 'nosniff',
  'Content-Security-Policy': "default-src 'none'; sandbox",
  'Cache-Control': 'private, no-store',
};

/** Conversation view, message source (view and .eml) and download-all. */
export function readingRoutes(
  threads: ThreadService,
  downloads: MessageDownloadsService,
): FastifyPluginAsync {
  return async (app) => {
    route(app, endpoints.thread, async (request, reply) => {
      const { mailboxId, threadId } = request.params;
      reply.header('Cache-Control', 'private, no-store');
      return threads.get(accountOf(request), mailboxId, threadId, request.query.messageId);
    });

    route(app, endpoints.source, async (request, reply) => {
      const { mailboxId, messageId } = request.params;
      const { baseName, stream } = await downloads.source(accountOf(request), mailboxId, messageId);
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
      const { baseName, stream } = await downloads.attachmentsZip(accountOf(request), mailboxId, messageId);
      return reply
        .headers(fileHeaders)
        .header('Content-Type', 'application/zip')
        .header('Content-Disposition', attachmentDisposition(`${baseName}.zip`))
        .send(stream);
    });
  };
}
