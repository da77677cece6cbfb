import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { eventsEndpoints, MailPush } from '@webmail/contracts';
import { safeEqual } from '../../infra/crypto.js';
import { notFound, unauthorized } from '../../infra/errors.js';
import { route } from '../../infra/http/endpoint-route.js';
import { refreshAccountPush } from './push-relay.js';

type Receiver = { accept(push: MailPush): boolean };

/**
 * What the URL of a push says (push.lua repeats it there): the whole push when it is short (`push`, JSON), else
 * only its account (`user`), for which every stream then refreshes its folders — a push cut short says no less.
 */
export function pushFromQuery(query: unknown): MailPush | null {
  const q = (query ?? {}) as Record<string, unknown>;
  if (typeof q.push === 'string') {
    try {
      const parsed = MailPush.safeParse(JSON.parse(q.push));
      if (parsed.success) return parsed.data;
    } catch {
      // Not JSON: fall through to the account alone.
    }
  }
  if (typeof q.user !== 'string' || !q.user) return null;
  return refreshAccountPush(q.user);
}

/**
 * `POST /api/mail-push`: the mail server's live changes (push.lua). Not under `/api/u/…`: no session sends it.
 * Authenticated by the shared secret alone (compared in constant time); refused from anywhere when none is
 * configured. Answered before anything is read, so a delivery never waits on the webmail's IMAP reads.
 *
 * The mail server gives up on a push after a short bound (it waits inside the delivery); on a loaded webmail the
 * connection is then closed before the body was read, and Node drops the request. Such a push is not lost: its URL
 * carries it too (parsed with the request line, before any body), and it is taken from there.
 */
export function mailPushRoutes(deps: { secret: string | null; receiver: Receiver }): FastifyPluginAsync {
  const authorized = (request: FastifyRequest) => {
    const presented = /^Bearer (.+)$/.exec(request.headers.authorization ?? '')?.[1] ?? '';
    return !!deps.secret && safeEqual(presented, deps.secret);
  };
  return async (app) => {
    const taken = new WeakSet<FastifyRequest>();
    /** The sender left (or the body could not be read) before the handler took the push: take it from the URL. */
    const rescue = async (request: FastifyRequest) => {
      if (taken.has(request) || !authorized(request)) return;
      taken.add(request);
      const push = pushFromQuery(request.query);
      if (!push) return;
      deps.receiver.accept(push);
      // Worth an operator's eye: the bound (push_webmail_timeout_msecs) is tight for this server's load.
      request.log.warn('mail push: taken from its URL, the mail server gave up before the answer');
    };
    app.addHook('onRequestAbort', rescue);
    // A body cut short by the sender's close fails as an error; a malformed body (422) is refused, not rescued.
    app.addHook('onError', async (request) => {
      if (request.raw.destroyed) await rescue(request);
    });
    route(
      app,
      eventsEndpoints.mailPush,
      async (request, reply) => {
        if (!deps.secret) throw notFound('Route');
        if (!authorized(request)) throw unauthorized('Wrong push secret');
        // Taken already when the sender left while this request waited for its turn.
        const accepted = taken.has(request) || deps.receiver.accept(request.body);
        taken.add(request);
        return reply.status(202).send({ accepted });
      },
      // Dovecot sends no cookies and no XSRF token (it is no browser); the bearer secret authenticates the call.
      { config: { xsrf: false }, security: [{ pushSecret: [] }] },
    );
  };
}
