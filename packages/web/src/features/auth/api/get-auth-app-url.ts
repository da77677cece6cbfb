import { HealthResponse } from '@webmail/contracts';
import { apiRequest } from '../../../shared/api/api-client';

/**
 * GET /api/ → `authAppUrl`: the external sign-in application, or null when the built-in pages serve. If the check
 * fails (server unreachable, an older server without the field), the built-in pages serve: a user must never be
 * locked out of signing in by this lookup.
 */
export async function fetchAuthAppUrl(): Promise<string | null> {
  try {
    return (await apiRequest('/', { schema: HealthResponse })).authAppUrl;
  } catch {
    return null;
  }
}
