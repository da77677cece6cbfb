import { ApiError } from '@webmail/contracts';
import { apiRequest, apiUrl } from '../../../shared/api/api-client';
import { ApiRequestError } from '../../../shared/api/api-request-error';

const fallbackCodes: Record<number, ApiError['code']> = {
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'NotFound',
};

async function send(path: string, signal?: AbortSignal): Promise<Response> {
  try {
    return await fetch(apiUrl(path), { credentials: 'same-origin', signal });
  } catch (cause) {
    if (signal?.aborted) throw cause;
    throw new ApiRequestError(0, 'NetworkError', cause instanceof Error ? cause.message : String(cause));
  }
}

async function toError(response: Response): Promise<ApiRequestError> {
  const parsed = ApiError.safeParse(await response.json().catch(() => undefined));
  if (parsed.success)
    return new ApiRequestError(response.status, parsed.data.code, parsed.data.message, parsed.data);
  const code = fallbackCodes[response.status] ?? 'Internal';
  return new ApiRequestError(response.status, code, response.statusText || `HTTP ${response.status}`);
}

/**
 * A GET whose answer is not JSON: the message source (text) and a PDF preview (bytes). The API client
 * (`shared/api/api-client.ts`) parses every answer as JSON, so these two are fetched here, with the same cookies.
 * Without a timeout on purpose: a 25 MB message takes longer than the 5 s of a JSON call.
 *
 * A 401 usually means the 15-minute access token ran out in a tab that had made no call for a while. Any JSON
 * call of the account makes the API client renew it (one refresh shared with every other call, and the sign-out
 * flow if the refresh is refused), so one is made — `/auth/me`, the cheapest — and the file is asked for again.
 */
export async function fetchApiFile(userIndex: number, path: string, signal?: AbortSignal): Promise<Response> {
  let response = await send(path, signal);
  if (response.status === 401) {
    await apiRequest('/auth/me', { query: { userIndex }, signal });
    response = await send(path, signal);
  }
  if (!response.ok) throw await toError(response);
  return response;
}
