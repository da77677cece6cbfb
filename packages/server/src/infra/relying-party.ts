import type { FastifyRequest } from 'fastify';
import type { Config } from './config.js';

/** Where a WebAuthn ceremony runs: the relying party id and the origin the browser must report. */
export interface RelyingParty {
  rpId: string;
  origin: string;
}

/**
 * From config (WEBAUTHN_RP_ID / WEBAUTHN_ORIGIN), else the request's own host (behind a proxy only with
 * TRUST_PROXY, which makes Fastify read X-Forwarded-Host/-Proto). Browsers refuse an IP address as RP id: use a
 * name (`localhost` in tests).
 */
export function relyingPartyOf(config: Pick<Config, 'security'>, request: FastifyRequest): RelyingParty {
  const { rpId, origin } = config.security.webauthn;
  return {
    rpId: rpId ?? request.hostname,
    origin: origin ?? `${request.protocol}://${request.host}`,
  };
}
