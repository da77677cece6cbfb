import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ApiError,
  AttachmentParams,
  MailboxParams,
  MessageDetail,
  MessageDetailQuery,
  MessageFlagsPatch,
  MessageFlagsResponse,
  MessageListQuery,
  MessageListResponse,
  MessageParams,
} from '@webmail/contracts';
import { accountOf } from '../../infra/route-auth.js';
import { cleanMediaType } from '../../mail/mime/content-type.js';
import { attachmentDisposition } from './content-disposition.js';
import type { MessagesService } from './messages.service.js';

const errors = { 401: ApiError, 404: ApiError, 422: ApiError, 503: ApiError };

export function messagesRoutes(messages: MessagesService): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/u/:userIndex/mailbox/:mailboxId/messages',
      {
        config: { auth: 'session' },
        schema: {
          summary: 'One page of a folder, newest first: messages, or conversations (`mode`)',
          tags: ['messages'],
          params: MailboxParams,
          querystring: MessageListQuery,
          response: { 200: MessageListResponse, ...errors },
        },
      },
      async (request) => {
        const { mailboxId } = request.params;
        const { offset, limit, mode } = request.query;
        return messages.list(accountOf(request), mailboxId, offset, limit, mode);
      },
    );

    app.get(
      '/u/:userIndex/mailbox/:mailboxId/messages/:messageId',
      {
        config: { auth: 'session' },
        schema: {
          summary: 'One message: headers, sanitized HTML, text and attachment list',
          tags: ['messages'],
          params: MessageParams,
          querystring: MessageDetailQuery,
          response: { 200: MessageDetail, ...errors },
        },
      },
      async (request, reply) => {
        const { mailboxId, messageId } = request.params;
        reply.header('Cache-Control', 'private, no-store');
        const showRemote = request.query.remoteContent === 'show';
        return messages.get(accountOf(request), mailboxId, messageId, { showRemote });
      },
    );

    app.patch(
      '/u/:userIndex/mailbox/:mailboxId/messages/:messageId',
      {
        config: { auth: 'session' },
        schema: {
          summary: 'Mark one message seen/unseen or flagged/unflagged',
          tags: ['messages'],
          params: MessageParams,
          body: MessageFlagsPatch,
          response: { 200: MessageFlagsResponse, 419: ApiError, ...errors },
        },
      },
      async (request) => {
        const { mailboxId, messageId } = request.params;
        return messages.setFlags(accountOf(request), mailboxId, messageId, request.body);
      },
    );

    app.get(
      '/u/:userIndex/mailbox/:mailboxId/messages/:messageId/attachments/:attachmentId',
      {
        config: { auth: 'session' },
        schema: {
          summary: 'Download one attachment (IMAP body part)',
          tags: ['messages'],
          params: AttachmentParams,
          response: {
            200: z.any().meta({ description: 'The attachment bytes, with its own Content-Type' }),
            ...errors,
          },
        },
      },
      async (request, reply) => {
        const { mailboxId, messageId, attachmentId } = request.params;
        const { attachment, stream } = await messages.attachment(
          accountOf(request),
          mailboxId,
          messageId,
          attachmentId,
        );
        // Never let the browser render an attachment in our origin: download only, no sniffing, no scripts.
        // The mail's own type only when it is a clean `type/subtype`: `image/png日本` is no header value
        // (Node throws, and the stream holding the folder lock was never consumed).
        return reply
          .header('Content-Type', cleanMediaType(attachment.contentType) ?? 'application/octet-stream')
          .header('Content-Disposition', attachmentDisposition(attachment.filename))
          .header('X-Content-Type-Options', 'nosniff')
          .header('Content-Security-Policy', "default-src 'none'; sandbox")
          .header('Cache-Control', 'private, no-store')
          .send(stream);
      },
    );
  };
}
