import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ApiError, MailboxTreeResponse, UserIndexParams } from '@webmail/contracts';
import { accountOf } from '../../infra/route-auth.js';
import type { MailboxesService } from './mailboxes.service.js';

export function mailboxesRoutes(mailboxes: MailboxesService): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/u/:userIndex/mailbox',
      {
        config: { auth: 'session' },
        schema: {
          summary: 'Folder tree with special use and counts',
          tags: ['mailboxes'],
          params: UserIndexParams,
          response: { 200: MailboxTreeResponse, 401: ApiError, 503: ApiError },
        },
      },
      async (request) => ({ mailboxes: await mailboxes.tree(accountOf(request)) }),
    );
  };
}
