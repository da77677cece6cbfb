import type { FastifyReply } from 'fastify';
import { z } from 'zod';
import { decrypt, encrypt, serverKey } from '../../../infra/crypto.js';

/** The cookie that carries one single sign-on between the two redirects (only to the callback's path). */
export const oidcFlowCookie = 'oidc_flow';
const cookiePath = '/api/auth/oidc';
const lifetimeMs = 10 * 60_000;

const Flow = z.object({
  state: z.string(),
  nonce: z.string(),
  verifier: z.string(),
  lang: z.string().optional(),
  reason: z.string().optional(),
  expiresAt: z.number(),
});
export type OidcFlow = z.infer<typeof Flow>;

/**
 * Seals the flow's checks (state, nonce, PKCE verifier) and what the sign-in page passed (language, reason) in a
 * short-lived httpOnly cookie, encrypted and authenticated with a server key: the browser can neither read the
 * verifier nor alter anything, and no server-side store is needed between the redirects. SameSite=Lax: the
 * provider's redirect back is a top-level GET, which Lax cookies accompany.
 */
export function setFlowCookie(
  reply: FastifyReply,
  secret: string,
  secure: boolean,
  flow: Omit<OidcFlow, 'expiresAt'>,
  now: number,
): void {
  const sealed = encrypt(flowKey(secret), JSON.stringify({ ...flow, expiresAt: now + lifetimeMs }));
  reply.setCookie(oidcFlowCookie, sealed, {
    path: cookiePath,
    httpOnly: true,
    sameSite: 'lax',
    secure,
    maxAge: lifetimeMs / 1000,
  });
}

/** The flow of the cookie, or null when it is missing, altered or expired. */
export function readFlowCookie(value: string | undefined, secret: string, now: number): OidcFlow | null {
  if (!value) return null;
  try {
    const flow = Flow.parse(JSON.parse(decrypt(flowKey(secret), value)));
    return flow.expiresAt > now ? flow : null;
  } catch {
    return null;
  }
}

/** A flow is used once: the cookie goes with the callback, whatever its outcome. */
export function clearFlowCookie(reply: FastifyReply, secure: boolean): void {
  reply.clearCookie(oidcFlowCookie, { path: cookiePath, httpOnly: true, sameSite: 'lax', secure });
}

function flowKey(secret: string): string {
  return serverKey(secret, 'oidc flow v1');
}
