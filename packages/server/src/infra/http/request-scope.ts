import type { FastifyRequest } from 'fastify';
import { accountOf } from '../session/route-auth.js';
import type { SessionContext } from '../session/session-context.js';

/**
 * What a route's handler is handed besides the parsed input (`route()`'s third argument): the signed-in account,
 * and what the layers above declare by augmenting this interface — the mail layer adds `mail`, the request's
 * `MailSession` (mail/mail-session.ts). Each part is made when first read, so a handler pays only for what it uses,
 * and reading one on a `public` route throws 401.
 */
export interface RequestScope {
  account: SessionContext;
}

/** The parts infra does not know, as getters on a fresh object per request (the composition root makes them). */
export type ScopeParts = (request: FastifyRequest) => Omit<RequestScope, 'account'>;

declare module 'fastify' {
  interface FastifyInstance {
    /** Set by `registerFeatures` from the composition root. */
    requestScopeParts?: ScopeParts;
  }
}

/** The scope of one request: the account (the session hook resolved it) and the registered parts. */
export function scopeOf(request: FastifyRequest): RequestScope {
  const parts = request.server.requestScopeParts;
  const scope = (parts ? parts(request) : {}) as RequestScope;
  return Object.defineProperty(scope, 'account', { get: () => accountOf(request), enumerable: true });
}
