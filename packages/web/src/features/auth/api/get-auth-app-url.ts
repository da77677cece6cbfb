import { systemEndpoints } from '@webmail/contracts';
import { callApi } from '../../../shared/api/call-api';

/**
 * GET /api/ → `authAppUrl`: the external sign-in application, or null when the built-in pages serve. If the check
 * fails (server unreachable, an older server without the field), the built-in pages serve: a user must never be
 * locked out of signing in by this lookup.
 */
export async function fetchAuthAppUrl(): Promise<string | null> {
  try {
    return (await callApi(systemEndpoints.health, {})).authAppUrl;
  } catch {
    return null;
  }
}
