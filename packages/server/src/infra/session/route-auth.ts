import type { FastifyInstance } from 'fastify';
import type { DisabledFeature } from '@webmail/contracts';
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
    /** The plan feature of the route (from its endpoint descriptor): checked right after the session. */
    feature?: DisabledFeature;
  }
  interface FastifyRequest {
    account?: SessionContext;
  }
}

/** Throws the feature's 403 (`contactsDisabled` …) when the account's plan lacks it (the plan features service). */
export type PlanGate = (account: string, feature: DisabledFeature) => Promise<void>;

/**
 * `session` routes resolve the signed-in account of the request's `userIndex` (path or query) from that
 * index's own cookies. Another index's cookies never authorize a request, so `/u/1/…` without a session
 * in slot 1 answers 401 even when slot 0 is signed in. A route of a plan feature (`feature` on its endpoint
 * descriptor) is then refused with the feature's 403 when the account's plan lacks it, before its handler runs:
 * the one place the plan gate is written.
 */
export function registerRouteAuth(app: FastifyInstance, auth: SessionAuthenticator, plan: PlanGate): void {
  app.addHook('preHandler', async (request) => {
    const { auth: mode, feature } = request.routeOptions.config;
    if (mode !== 'session') return;
    const params = request.params as { userIndex?: number } | undefined;
    const query = request.query as { userIndex?: number } | undefined;
    const userIndex = params?.userIndex ?? query?.userIndex;
    if (typeof userIndex !== 'number') throw unauthorized();
    request.account = await auth.authenticate(request.cookies, userIndex);
    if (feature) await plan(request.account.email, feature);
  });
}

/** For handlers of `session` routes: the hook above guarantees the account. */
export function accountOf(request: { account?: SessionContext }): SessionContext {
  if (!request.account) throw unauthorized();
  return request.account;
}
