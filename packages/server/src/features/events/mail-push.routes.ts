import type { FastifyPluginAsync } from 'fastify';
import { eventsEndpoints } from '@webmail/contracts';
import { safeEqual } from '../../infra/crypto.js';
import { notFound, unauthorized } from '../../infra/errors.js';
import { route } from '../../infra/http/endpoint-route.js';
import type { MailPush } from '@webmail/contracts';

/**
 * `POST /api/mail-push`: the mail server's live changes (push.lua). Not under `/api/u/…`: no session sends it.
 * Authenticated by the shared secret alone (compared in constant time); refused from anywhere when none is
 * configured. Answered before anything is read, so a delivery never waits on the webmail's IMAP reads.
 */
export function mailPushRoutes(deps: {
  secret: string | null;
  /** Takes a push: true when passed on to every process or wanted by a stream here. */
  receiver: { accept(push: MailPush): boolean };
}): FastifyPluginAsync {
  return async (app) => {
    route(
      app,
      eventsEndpoints.mailPush,
      async (request, reply) => {
        if (!deps.secret) throw notFound('Route');
        const presented = /^Bearer (.+)$/.exec(request.headers.authorization ?? '')?.[1] ?? '';
        if (!safeEqual(presented, deps.secret)) throw unauthorized('Wrong push secret');
        return reply.status(202).send({ accepted: deps.receiver.accept(request.body) });
      },
      // Dovecot sends no cookies and no XSRF token (it is no browser); the bearer secret authenticates the call.
      { config: { xsrf: false }, security: [{ pushSecret: [] }] },
    );
  };
}
