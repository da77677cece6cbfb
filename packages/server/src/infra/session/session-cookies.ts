import type { FastifyReply, FastifyRequest } from 'fastify';
import { cookieNames } from '@webmail/contracts';
import type { Config } from '../config.js';
import { hmac, randomToken, safeEqual } from '../crypto.js';

export interface IssuedTokens {
  accessToken: string;
  accessExpiresAt: number;
  refreshToken: string;
  sessionKey: string;
  sessionExpiresAt: number;
}

export function isSecureRequest(config: Pick<Config, 'cookieSecure'>, request: FastifyRequest): boolean {
  if (config.cookieSecure === 'auto') return request.protocol === 'https';
  return config.cookieSecure === 'true';
}

/**
 * Per user index: access token, refresh token and session key are httpOnly; the expiry cookie is readable
 * by JavaScript (its value is the access-token expiry) because the client's session rule checks it.
 * All of them live as long as the session, so an expired access token can still be refreshed.
 */
export function setSessionCookies(
  reply: FastifyReply,
  secure: boolean,
  userIndex: number,
  tokens: IssuedTokens,
  now: number,
): void {
  const maxAge = Math.max(1, Math.floor((tokens.sessionExpiresAt - now) / 1000));
  const base = { path: '/', sameSite: 'lax' as const, secure, maxAge };
  reply.setCookie(cookieNames.accessToken(userIndex), tokens.accessToken, {
    ...base,
    path: '/api',
    httpOnly: true,
  });
  reply.setCookie(cookieNames.refreshToken(userIndex), tokens.refreshToken, {
    ...base,
    path: '/api/auth',
    httpOnly: true,
  });
  reply.setCookie(cookieNames.sessionKey(userIndex), tokens.sessionKey, {
    ...base,
    path: '/api',
    httpOnly: true,
  });
  reply.setCookie(cookieNames.tokenExpiry(userIndex), String(tokens.accessExpiresAt), {
    ...base,
    httpOnly: false,
  });
}

export function clearSessionCookies(reply: FastifyReply, secure: boolean, userIndex: number): void {
  const base = { sameSite: 'lax' as const, secure };
  reply.clearCookie(cookieNames.accessToken(userIndex), { ...base, path: '/api' });
  reply.clearCookie(cookieNames.refreshToken(userIndex), { ...base, path: '/api/auth' });
  reply.clearCookie(cookieNames.sessionKey(userIndex), { ...base, path: '/api' });
  reply.clearCookie(cookieNames.tokenExpiry(userIndex), { ...base, path: '/' });
}

/**
 * The device cookie names this browser; it outlives any one account's session. Its value is
 * `id.hmac(id)`: only ids this server made pass (a client cannot choose its own), and an
 * unsigned or altered value reads as no device at all.
 */
export function setDeviceCookie(
  reply: FastifyReply,
  secure: boolean,
  secret: string,
  deviceId: string,
): void {
  reply.setCookie(cookieNames.device, `${deviceId}.${deviceSignature(secret, deviceId)}`, {
    path: '/api',
    httpOnly: true,
    sameSite: 'lax',
    secure,
    maxAge: 400 * 86_400,
  });
}

/** A new device id; only the server makes them. */
export const newDeviceId = () => randomToken(24);

/** The device id of a correctly signed device cookie, else undefined. */
export function readDeviceId(
  secret: string,
  cookies: Record<string, string | undefined>,
): string | undefined {
  const value = cookies[cookieNames.device];
  const dot = value?.indexOf('.') ?? -1;
  if (!value || dot < 1) return undefined;
  const id = value.slice(0, dot);
  if (!/^[A-Za-z0-9_-]{16,64}$/.test(id)) return undefined;
  return safeEqual(value.slice(dot + 1), deviceSignature(secret, id)) ? id : undefined;
}

function deviceSignature(secret: string, deviceId: string): string {
  // A key of its own, so a device signature never passes as an access token or anything else signed.
  return hmac(hmac(secret, 'webmail device v1'), deviceId);
}
