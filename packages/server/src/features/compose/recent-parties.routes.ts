import type { FastifyPluginAsync } from 'fastify';
import { composeEndpoints } from '@webmail/contracts';
import { route } from '../../infra/http/endpoint-route.js';
import type { MailSessions } from '../../mail/mail-session.js';
import type { RecentPartiesService } from './recent-parties.service.js';

/** An empty query or one over 255 characters is skipped: the answer is an empty list. */
export function recentPartiesRoutes(mail: MailSessions, parties: RecentPartiesService): FastifyPluginAsync {
  return async (app) => {
    route(app, composeEndpoints.recentParties, async (request, reply) => {
      reply.header('Cache-Control', 'private, no-store');
      const { query, limit } = request.query;
      return { recentParties: await parties.search(mail.forRequest(request), query, limit) };
    });
  };
}
