import type { FastifyPluginAsync } from 'fastify';
import { feedbackEndpoints as endpoints } from '@webmail/contracts';
import { route } from '../../infra/http/endpoint-route.js';
import type { MailSessions } from '../../mail/mail-session.js';
import type { FeedbackService } from './feedback.service.js';

/** `POST /feedback` (the feedback dialog). */
export function feedbackRoutes(mail: MailSessions, feedback: FeedbackService): FastifyPluginAsync {
  return async (app) => {
    route(app, endpoints.send, async (request, reply) =>
      reply
        .status(201)
        .send(
          await feedback.send(mail.forRequest(request), request.body, request.headers['user-agent'] ?? ''),
        ),
    );
  };
}
