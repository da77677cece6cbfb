import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ApiError,
  composeLimits,
  DraftParams,
  DraftSaveRequest,
  DraftSaveResponse,
  ReplyParams,
  ReplyPrefill,
  ReplyQuery,
  ResumedDraft,
} from '@webmail/contracts';
import { accountOf } from '../../infra/route-auth.js';
import type { DraftsService } from './drafts.service.js';
import type { ReplyService } from './reply.service.js';

const errors = { 401: ApiError, 403: ApiError, 404: ApiError, 422: ApiError, 502: ApiError, 503: ApiError };
/** A draft carries its HTML (pasted images as data: URLs); base64 JSON of a full-size message fits. */
export const draftBodyLimit = Math.ceil(composeLimits.messageMaxBytes * 1.5);

export function draftsRoutes(drafts: DraftsService, replies: ReplyService): FastifyPluginAsyncZod {
  return async (app) => {
    app.put(
      '/u/:userIndex/compose/drafts/:draftId',
      {
        config: { auth: 'session' },
        bodyLimit: draftBodyLimit,
        schema: {
          summary: 'Save a draft to the Drafts folder (one copy per draftId; identical saves are skipped)',
          tags: ['compose'],
          params: DraftParams,
          body: DraftSaveRequest,
          response: { 200: DraftSaveResponse, 419: ApiError, ...errors },
        },
      },
      async (request) => {
        const { draft, revision } = request.body;
        return drafts.save(accountOf(request), request.params.draftId, draft, revision);
      },
    );

    app.get(
      '/u/:userIndex/compose/drafts/:draftId',
      {
        config: { auth: 'session' },
        schema: {
          summary: 'Resume a draft from the Drafts folder (its attachments come back as uploads)',
          tags: ['compose'],
          params: DraftParams,
          response: { 200: ResumedDraft, ...errors },
        },
      },
      async (request, reply) => {
        reply.header('Cache-Control', 'private, no-store');
        return drafts.resume(accountOf(request), request.params.draftId);
      },
    );

    app.delete(
      '/u/:userIndex/compose/drafts/:draftId',
      {
        config: { auth: 'session' },
        schema: {
          summary: 'Discard a draft: every copy leaves the Drafts folder',
          tags: ['compose'],
          params: DraftParams,
          response: { 204: z.null(), 419: ApiError, ...errors },
        },
      },
      async (request, reply) => {
        await drafts.discard(accountOf(request), request.params.draftId);
        return reply.status(204).send(null);
      },
    );

    app.get(
      '/u/:userIndex/compose/replyTo/:mailboxId/:messageId',
      {
        config: { auth: 'session' },
        schema: {
          summary: 'A pre-filled draft to reply, reply all or forward a message',
          tags: ['compose'],
          params: ReplyParams,
          querystring: ReplyQuery,
          response: { 200: ReplyPrefill, ...errors },
        },
      },
      async (request, reply) => {
        const { mailboxId, messageId } = request.params;
        reply.header('Cache-Control', 'private, no-store');
        return replies.prefill(
          accountOf(request),
          { mailboxId, uid: messageId },
          {
            mode: request.query.mode,
            timeZone: request.query.tz,
            acceptLanguage: request.headers['accept-language'],
          },
        );
      },
    );
  };
}
