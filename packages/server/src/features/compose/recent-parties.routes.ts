import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ApiError, ComposeParams, RecentPartiesQuery, RecentPartiesResponse } from '@webmail/contracts';
import { accountOf } from '../../infra/route-auth.js';
import type { RecentPartiesService } from './recent-parties.service.js';

export function recentPartiesRoutes(parties: RecentPartiesService): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/u/:userIndex/mailbox/compose/recentParties',
      {
        config: { auth: 'session' },
        schema: {
          summary: 'Recipient autocomplete: people written to or received from, best first',
          description: 'An empty query or one over 255 characters is skipped: the answer is an empty list.',
          tags: ['compose'],
          params: ComposeParams,
          querystring: RecentPartiesQuery,
          response: { 200: RecentPartiesResponse, 401: ApiError, 422: ApiError },
        },
      },
      async (request, reply) => {
        reply.header('Cache-Control', 'private, no-store');
        const { query, limit } = request.query;
        return { recentParties: await parties.search(accountOf(request), query, limit) };
      },
    );
  };
}
