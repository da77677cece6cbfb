import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { eventsEndpoints, MailPush, type MailPushRequest } from '@webmail/contracts';
import { safeEqual } from '../../infra/crypto.js';
import { notFound, unauthorized } from '../../infra/errors.js';
import { route } from '../../infra/http/endpoint-route.js';
import { refreshAccountPush } from './push-relay.js';

type Receiver = {
  accept(push: MailPush): boolean;
  /** Pushes were dropped on the mail server (its spool was full): every open stream reads everything again. */
  lost(): void;
};

/** The pushes a POST carries, oldest first: those sent again (each checked on its own), then the push of the moment. */
export function pushesOf(body: MailPushRequest): { pushes: MailPush[]; skipped: number } {
  const pushes: MailPush[] = [];
  let skipped = 0;
  for (const item of body.earlier ?? []) {
    const parsed = MailPush.safeParse(item);
    if (parsed.success) pushes.push(parsed.data);
    else skipped += 1;
  }
  pushes.push({ user: body.user, events: body.events, more: body.more });
  return { pushes, skipped };
}

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
 * carries it too (parsed with the request line, before any body), and it is taken from there. A push that got no
 * answer at all (the webmail was stopped) comes again in `earlier` of a later POST; the receiver drops repeats.
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
        const { pushes, skipped } = pushesOf(request.body);
        if (skipped) request.log.warn({ skipped }, 'mail push: pushes sent again were malformed');
        if (request.body.lost) {
          request.log.warn(
            'mail push: the mail server dropped pushes (its spool was full); streams read again',
          );
          deps.receiver.lost();
        }
        // The push of the moment was taken already when the sender left while this request waited for its turn.
        const current = taken.has(request) ? [] : pushes.slice(-1);
        taken.add(request);
        let accepted = current.length === 0;
        for (const push of [...pushes.slice(0, -1), ...current])
          accepted = deps.receiver.accept(push) || accepted;
        return reply.status(202).send({ accepted });
      },
      // Dovecot sends no cookies and no XSRF token (it is no browser); the bearer secret authenticates the call.
      { config: { xsrf: false }, security: [{ pushSecret: [] }] },
    );
  };
}
