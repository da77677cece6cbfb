import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ApiError, MassActionRequest, MassActionResponse, UserIndexParams } from '@webmail/contracts';
import { accountOf } from '../../infra/route-auth.js';
import type { MassActionsService } from './mass-actions.service.js';

export function massActionsRoutes(massActions: MassActionsService): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      '/u/:userIndex/mailbox/massAction',
      {
        config: { auth: 'session' },
        // Up to 20,000 explicit message references; whole folders are sent as '*'.
        bodyLimit: 4 * 1024 * 1024,
        schema: {
          summary: 'Flag, mark, move, trash, archive, spam or delete many messages at once',
          tags: ['messages'],
          params: UserIndexParams,
          body: MassActionRequest,
          response: {
            200: MassActionResponse,
            401: ApiError,
            403: ApiError,
            404: ApiError,
            422: ApiError,
            502: ApiError,
            503: ApiError,
          },
        },
      },
      async (request) => massActions.run(accountOf(request), request.body),
    );
  };
}
