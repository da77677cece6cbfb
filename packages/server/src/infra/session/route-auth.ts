import type { FastifyInstance } from 'fastify';
import { unauthorized } from '../errors.js';
import type { SessionAuthenticator } from './session-authenticator.js';
import type { SessionContext } from './session-context.js';

export type AuthMode = 'public' | 'session';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Every route declares it; a test walks the route table and fails on one that does not. */
    auth?: AuthMode;
    /** `false` only for a route that takes no cookie at all (it authenticates otherwise): no XSRF check. */
    xsrf?: boolean;
  }
  interface FastifyRequest {
    account?: SessionContext;
  }
}

/**
 * `session` routes resolve the signed-in account of the request's `userIndex` (path or query) from that
 * index's own cookies. Another index's cookies never authorize a request, so `/u/1/…` without a session
 * in slot 1 answers 401 even when slot 0 is signed in.
 */
export function registerRouteAuth(app: FastifyInstance, auth: SessionAuthenticator): void {
  app.addHook('preHandler', async (request) => {
    if (request.routeOptions.config.auth !== 'session') return;
    const params = request.params as { userIndex?: number } | undefined;
    const query = request.query as { userIndex?: number } | undefined;
    const userIndex = params?.userIndex ?? query?.userIndex;
    if (typeof userIndex !== 'number') throw unauthorized();
    request.account = await auth.authenticate(request.cookies, userIndex);
  });
}

/** For handlers of `session` routes: the hook above guarantees the account. */
export function accountOf(request: { account?: SessionContext }): SessionContext {
  if (!request.account) throw unauthorized();
  return request.account;
}
