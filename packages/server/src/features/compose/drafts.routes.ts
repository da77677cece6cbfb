import type { FastifyPluginAsync } from 'fastify';
import { composeEndpoints as endpoints, composeLimits } from '@webmail/contracts';
import { route } from '../../infra/http/endpoint-route.js';
import type { MailSessions } from '../../mail/mail-session.js';
import type { DraftsService } from './drafts.service.js';
import type { ReplyService } from './reply.service.js';

/** A draft carries its HTML (pasted images as data: URLs); base64 JSON of a full-size message fits. */
export const draftBodyLimit = Math.ceil(composeLimits.messageMaxBytes * 1.5);

export function draftsRoutes(
  mail: MailSessions,
  drafts: DraftsService,
  replies: ReplyService,
): FastifyPluginAsync {
  return async (app) => {
    route(
      app,
      endpoints.saveDraft,
      async (request) => {
        const { draft, revision } = request.body;
        return drafts.save(mail.forRequest(request), request.params.draftId, draft, revision);
      },
      { bodyLimit: draftBodyLimit },
    );

    route(app, endpoints.draft, async (request, reply) => {
      reply.header('Cache-Control', 'private, no-store');
      return drafts.resume(mail.forRequest(request), request.params.draftId);
    });

    route(app, endpoints.discardDraft, async (request, reply) => {
      await drafts.discard(mail.forRequest(request), request.params.draftId);
      return reply.status(204).send(null);
    });

    route(app, endpoints.replyTo, async (request, reply) => {
      const { mailboxId, messageId } = request.params;
      reply.header('Cache-Control', 'private, no-store');
      return replies.prefill(
        mail.forRequest(request),
        { mailboxId, uid: messageId },
        {
          mode: request.query.mode,
          timeZone: request.query.tz,
          acceptLanguage: request.headers['accept-language'],
        },
      );
    });
  };
}
