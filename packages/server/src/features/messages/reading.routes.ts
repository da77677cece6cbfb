import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ApiError,
  MessageParams,
  MessageSourceQuery,
  ThreadParams,
  ThreadQuery,
  ThreadResponse,
} from '@webmail/contracts';
import { accountOf } from '../../infra/route-auth.js';
import { attachmentDisposition } from './content-disposition.js';
import type { MessageDownloadsService } from './message-downloads.service.js';
import type { ThreadService } from './thread.service.js';

const errors = { 401: ApiError, 404: ApiError, 422: ApiError, 503: ApiError };

// Raw mail and archives are never rendered in our origin: no sniffing, no scripts, not cached.
const fileHeaders = {
  'X-Content-Type-Options': 'nosniff',
  'Content-Security-Policy': "default-src 'none'; sandbox",
  'Cache-Control': 'private, no-store',
};

/** Conversation view, message source (view and .eml) and download-all (issue "Reading mail"). */
export function readingRoutes(
  threads: ThreadService,
  downloads: MessageDownloadsService,
): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/u/:userIndex/mailbox/:mailboxId/threads/:threadId',
      {
        config: { auth: 'session' },
        schema: {
          summary: 'A conversation, oldest first, from this folder, Inbox and Sent',
          tags: ['messages'],
          params: ThreadParams,
          querystring: ThreadQuery,
          response: { 200: ThreadResponse, ...errors },
        },
      },
      async (request, reply) => {
        const { mailboxId, threadId } = request.params;
        reply.header('Cache-Control', 'private, no-store');
        return threads.get(accountOf(request), mailboxId, threadId, request.query.messageId);
      },
    );

    app.get(
      '/u/:userIndex/mailbox/:mailboxId/messages/:messageId/source',
      {
        config: { auth: 'session' },
        schema: {
          summary: 'The raw RFC 822 message: text to view, or an .eml download with download=1',
          tags: ['messages'],
          params: MessageParams,
          querystring: MessageSourceQuery,
          response: { 200: z.any().meta({ description: 'The message as stored on the server' }), ...errors },
        },
      },
      async (request, reply) => {
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
      },
    );

    app.get(
      '/u/:userIndex/mailbox/:mailboxId/messages/:messageId/attachments.zip',
      {
        config: { auth: 'session' },
        schema: {
          summary: 'All attachments of a message as one zip (inline cid: images excluded)',
          tags: ['messages'],
          params: MessageParams,
          response: { 200: z.any().meta({ description: 'application/zip' }), ...errors },
        },
      },
      async (request, reply) => {
        const { mailboxId, messageId } = request.params;
        const { baseName, stream } = await downloads.attachmentsZip(accountOf(request), mailboxId, messageId);
        return reply
          .headers(fileHeaders)
          .header('Content-Type', 'application/zip')
          .header('Content-Disposition', attachmentDisposition(`${baseName}.zip`))
          .send(stream);
      },
    );
  };
}
