import { systemEndpoints } from '@webmail/contracts';
import { callApi } from '../../../shared/api/call-api';

/** The lookup started before the sign-in area's loader asked for it; taken by the first `fetchAuthAppUrl`. */
let early: Promise<string | null> | null = null;

/**
 * GET /api/ → `authAppUrl`: the external sign-in application, or null when the built-in pages serve. If the check
 * fails (server unreachable, an older server without the field), the built-in pages serve: a user must never be
 * locked out of signing in by this lookup. The first call takes the answer `prefetchAuthAppUrl` started, if any.
 */
export async function fetchAuthAppUrl(): Promise<string | null> {
  const started = early;
  early = null;
  return started ?? lookUpAuthAppUrl();
}

/**
 * Sends the lookup now, for the sign-in area's loader to take: on a first load the router is made only after the
 * catalogue and the device's cache, and the loader's request would then be one more round trip before the sign-in
 * page shows (`app/preload-route-chunks.ts`).
 */
export function prefetchAuthAppUrl(): void {
  early ??= lookUpAuthAppUrl();
}

async function lookUpAuthAppUrl(): Promise<string | null> {
  try {
    return (await callApi(systemEndpoints.health, {})).authAppUrl;
  } catch {
    return null;
  }
}
