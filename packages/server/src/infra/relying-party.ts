import type { Config } from './config.js';

/** Where a WebAuthn ceremony runs: the relying party id and the origin the browser must report. */
export interface RelyingParty {
  rpId: string;
  origin: string;
}

/**
 * From configuration only (WEBAUTHN_RP_ID / WEBAUTHN_ORIGIN, else PUBLIC_URL): never from the request's Host or
 * X-Forwarded-* headers, which whoever sends the request chooses. Browsers refuse an IP address as RP id: use a
 * name (`localhost` in tests).
 */
export function relyingPartyOf(config: Pick<Config, 'security'>): RelyingParty {
  const { rpId, origin } = config.security.webauthn;
  return { rpId, origin };
}
