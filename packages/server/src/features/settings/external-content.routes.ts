import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ApiError,
  ExternalContentPatch,
  ExternalContentSender,
  ExternalContentSenderCreate,
  ExternalContentSenderParams,
  ExternalContentSettings,
  OkResponse,
  UserIndexParams,
} from '@webmail/contracts';
import { accountOf } from '../../infra/route-auth.js';
import type { ExternalContentService } from './external-content.service.js';

const errors = { 401: ApiError, 419: ApiError, 422: ApiError };
const base = '/u/:userIndex/settings/externalContent';

/** Spec settings/security/content (route ExternalContent): mode and the per-sender allow list. */
export function externalContentRoutes(service: ExternalContentService): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      base,
      {
        config: { auth: 'session' },
        schema: {
          summary: 'External-content mode and the senders whose remote content always shows',
          tags: ['settings'],
          params: UserIndexParams,
          response: { 200: ExternalContentSettings, 401: ApiError },
        },
      },
      async (request) => service.get(accountOf(request)),
    );

    app.patch(
      base,
      {
        config: { auth: 'session' },
        schema: {
          summary: 'Change the external-content mode (ask, always, never)',
          tags: ['settings'],
          params: UserIndexParams,
          body: ExternalContentPatch,
          response: { 200: ExternalContentSettings, ...errors },
        },
      },
      async (request) => service.setMode(accountOf(request), request.body.mode),
    );

    app.post(
      `${base}/senders`,
      {
        config: { auth: 'session' },
        schema: {
          summary: 'Always show remote content from this sender (an address already listed is kept)',
          tags: ['settings'],
          params: UserIndexParams,
          body: ExternalContentSenderCreate,
          response: { 200: ExternalContentSender, ...errors },
        },
      },
      async (request) => service.addSender(accountOf(request), request.body.address),
    );

    app.delete(
      `${base}/senders/:id`,
      {
        config: { auth: 'session' },
        schema: {
          summary: 'Remove a sender from the allow list',
          tags: ['settings'],
          params: ExternalContentSenderParams,
          response: { 200: OkResponse, 404: ApiError, ...errors },
        },
      },
      async (request) => {
        await service.removeSender(accountOf(request), request.params.id);
        return { ok: true as const };
      },
    );
  };
}
