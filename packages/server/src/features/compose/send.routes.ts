import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ApiError,
  ComposeParams,
  OutboxEntry,
  OutboxListResponse,
  OutboxParams,
  SendRequest,
} from '@webmail/contracts';
import { accountOf } from '../../infra/route-auth.js';
import { draftBodyLimit } from './drafts.routes.js';
import type { SendService } from './send.service.js';

const errors = { 401: ApiError, 403: ApiError, 404: ApiError, 422: ApiError, 502: ApiError, 503: ApiError };

export function sendRoutes(send: SendService): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      '/u/:userIndex/compose/send',
      {
        config: { auth: 'session' },
        bodyLimit: draftBodyLimit,
        schema: {
          summary:
            'Send a draft: saved to Drafts, then queued (202, undo until dueAt) or sent at once (200). ' +
            'A repeated request for the same draftId answers the existing outbox entry.',
          tags: ['compose'],
          params: ComposeParams,
          body: SendRequest,
          response: { 200: OutboxEntry, 202: OutboxEntry, 419: ApiError, ...errors },
        },
      },
      async (request, reply) => {
        const entry = await send.send(accountOf(request), request.body);
        return reply.status(entry.status === 'queued' ? 202 : 200).send(entry);
      },
    );

    app.get(
      '/u/:userIndex/compose/outbox',
      {
        config: { auth: 'session' },
        schema: {
          summary: 'Outbox entries in flight or failed, and those finished within the last hour',
          tags: ['compose'],
          params: ComposeParams,
          response: { 200: OutboxListResponse, ...errors },
        },
      },
      async (request) => ({ entries: await send.list(accountOf(request)) }),
    );

    app.get(
      '/u/:userIndex/compose/outbox/:outboxId',
      {
        config: { auth: 'session' },
        schema: {
          summary: 'One outbox entry (status, due time, failure)',
          tags: ['compose'],
          params: OutboxParams,
          response: { 200: OutboxEntry, ...errors },
        },
      },
      async (request) => send.get(accountOf(request), request.params.outboxId),
    );

    app.post(
      '/u/:userIndex/compose/outbox/:outboxId/cancel',
      {
        config: { auth: 'session' },
        schema: {
          summary: 'Undo send: cancels a queued entry (status `cancelled`); the draft stays in Drafts',
          tags: ['compose'],
          params: OutboxParams,
          response: { 200: OutboxEntry, 419: ApiError, ...errors },
        },
      },
      async (request) => send.cancel(accountOf(request), request.params.outboxId),
    );
  };
}
