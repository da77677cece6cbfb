import type { FastifyRequest } from 'fastify';
import type { SessionContext } from '../../infra/session/session-context.js';

/** Where a request comes from, for the security log. */
export interface ClientInfo {
  ip: string;
  userAgent: string;
}

/** A security change's actor: the session and where it comes from. */
export interface Actor {
  session: SessionContext;
  client: ClientInfo;
}

export function clientOf(request: FastifyRequest): ClientInfo {
  return { ip: request.ip, userAgent: request.headers['user-agent'] ?? '' };
}
