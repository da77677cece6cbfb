import {
  ApiError,
  authEndpoints,
  cookieNames,
  defaultLanguage,
  limits,
  systemEndpoints,
  xsrfHeader,
} from '@webmail/contracts';
import { isOffline, reportNetworkError, reportServerAnswer } from '../network/connectivity';
import { readCookie } from '../session/cookies';
import { ApiRequestError } from './api-request-error';
import { takeEarlyResponse } from './early-requests';
import { xhrFetch } from './xhr-fetch';

/**
 * The one HTTP client of the app (one module wraps the transport). Every call goes to
 * `/api`, with cookies, JSON, the chosen language and the XSRF token; it times out after 5 s by
 * default, renews the XSRF cookie once on 419 and the session once on 401, and rejects with
 * `ApiRequestError`. Retrying failed requests is TanStack Query's job (`retry-policy.ts`), not this module's.
 */
export const apiBase = '/api';

export type QueryValue = string | number | boolean | null | undefined;

export interface ApiRequestOptions {
  method?: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';
  query?: Record<string, QueryValue>;
  /** Sent as JSON; a `FormData` (file upload) is sent as multipart. */
  body?: unknown;
  /** The user index whose session a 401 renews (the call's `userIndex` param or query); none for the others. */
  account?: number;
  signal?: AbortSignal;
  /** Milliseconds; `null` for no timeout (mass actions, exports). */
  timeoutMs?: number | null;
  /**
   * Set to false where the caller shows a 401 itself (the sign-in form): then neither a token refresh nor the
   * sign-out flow happens (a wrong password is not a lost session).
   */
  redirectOnUnauthorized?: boolean;
  /** Fraction of the body sent, 0 to 1 (uploads); the call then goes out with XMLHttpRequest (`xhr-fetch.ts`). */
  onUploadProgress?: (fraction: number) => void;
  /** The request outlives the page (a save sent as the page goes away). */
  keepalive?: boolean;
}

export interface ApiClientConfig {
  /** Language sent as Accept-Language. */
  getLanguage: () => string;
  /**
   * Whether a 401 may be answered with a token refresh and the sign-out flow: the app says no on the sign-in
   * pages, where a 401 belongs to the form.
   */
  handlesUnauthorized: () => boolean;
  /**
   * The session of `userIndex` is gone: the refresh was refused, or a call that names no account got a 401
   * (`undefined`). The app runs the user-logout flow. Called once per failed refresh.
   */
  onSessionExpired: (userIndex: number | undefined) => void;
}

let config: ApiClientConfig = {
  getLanguage: () => defaultLanguage,
  handlesUnauthorized: () => true,
  onSessionExpired: () => {},
};

export function configureApiClient(next: Partial<ApiClientConfig>): void {
  config = { ...config, ...next };
}

/** Absolute-path URL of an API resource, e.g. for `<a href download>`. */
export function apiUrl(path: string, query?: Record<string, QueryValue>): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value !== undefined && value !== null) search.set(key, String(value));
  }
  const queryString = search.toString();
  return `${apiBase}${path}${queryString ? `?${queryString}` : ''}`;
}

/**
 * One call by path (XSRF, session refresh, errors), answering the response. Only `call-api.ts` uses it: the app
 * calls endpoints, whose paths are built from their descriptors.
 */
export async function apiResponse(path: string, options: ApiRequestOptions = {}): Promise<Response> {
  const { account } = options;
  const handles401 = options.redirectOnUnauthorized !== false;
  // A change sent while offline would only fail after its timeout (or, queued, land much later and surprise the
  // user): it is refused at once, in words (`errors:codes.Offline`). Reads go out: one may be answered after all.
  if ((options.method ?? 'GET') !== 'GET' && isOffline()) throw offlineError();

  // Other requests wait during a refresh: a call for an account whose tokens are being renewed is sent
  // only after the new cookies are set. If that refresh was refused the session is gone: do not even send it.
  const pending = account === undefined ? undefined : refreshes.get(account);
  if (pending && (await pending) === 'rejected') throw sessionEndedError();

  const generation = account === undefined ? 0 : (refreshGenerations.get(account) ?? 0);
  let response = await sendWithXsrf(path, options);
  if (response.status === 401 && handles401 && account !== undefined && config.handlesUnauthorized()) {
    // A refresh finished while this call was on the wire: its 401 is from the old token, just send it again.
    const outcome =
      (refreshGenerations.get(account) ?? 0) !== generation ? 'refreshed' : await refreshSession(account);
    if (outcome === 'rejected') throw await toRequestError(response);
    if (outcome !== 'refreshed') throw outcome;
    response = await sendWithXsrf(path, options);
  }
  if (!response.ok) {
    const error = await toRequestError(response);
    if (error.status === 401 && handles401 && config.handlesUnauthorized()) config.onSessionExpired(account);
    throw error;
  }
  return response;
}

async function sendWithXsrf(path: string, options: ApiRequestOptions): Promise<Response> {
  const response = await send(path, options);
  if (response.status !== 419) return response;
  // The XSRF cookie was missing or stale. GET / sets a fresh one; retry exactly once.
  await send(systemEndpoints.health.path, { timeoutMs: options.timeoutMs, signal: options.signal }).catch(
    () => undefined,
  );
  return send(path, options);
}

type RefreshOutcome = 'refreshed' | 'rejected' | ApiRequestError;

/** In-flight refresh per account; successful refreshes per account (to recognise a 401 from before one). */
const refreshes = new Map<number, Promise<RefreshOutcome>>();
const refreshGenerations = new Map<number, number>();

/** Times a refresh the server could not serve (503) is sent again, after the `Retry-After` it names. */
const refreshRetries = 2;
/** The longest wait between those tries, whatever `Retry-After` says (the user's call is waiting). */
const refreshRetryMaxMs = 10_000;

/**
 * One refresh per account at a time: concurrent 401s share it, and calls started meanwhile wait for it.
 * A 401/403 answer means the refresh token is expired, unknown or reused: the session is over and the app signs
 * the user out (once, here). A 503 (the server's storage busy or read-only for a moment) is tried again after its
 * `Retry-After`. Any other failure (network, timeout, 429, 5xx) says nothing about the session: the waiting calls
 * fail with that error and the user can retry, still signed in.
 */
function refreshSession(userIndex: number): Promise<RefreshOutcome> {
  let pending = refreshes.get(userIndex);
  if (!pending) {
    pending = sendRefresh(userIndex, refreshRetries)
      .then(async (response): Promise<RefreshOutcome> => {
        if (response.ok) {
          refreshGenerations.set(userIndex, (refreshGenerations.get(userIndex) ?? 0) + 1);
          return 'refreshed';
        }
        if (response.status === 401 || response.status === 403) {
          config.onSessionExpired(userIndex);
          return 'rejected';
        }
        return toRequestError(response);
      })
      .catch((error: unknown) =>
        error instanceof ApiRequestError ? error : new ApiRequestError(0, 'NetworkError', String(error)),
      )
      .finally(() => refreshes.delete(userIndex));
    refreshes.set(userIndex, pending);
  }
  return pending;
}

async function sendRefresh(userIndex: number, retriesLeft: number): Promise<Response> {
  const response = await sendWithXsrf(authEndpoints.refresh.path, { method: 'POST', query: { userIndex } });
  if (response.status !== 503 || retriesLeft === 0) return response;
  const seconds = Number(response.headers.get('Retry-After'));
  const waitMs = Math.min(Number.isFinite(seconds) && seconds > 0 ? seconds * 1000 : 0, refreshRetryMaxMs);
  await new Promise((resolve) => setTimeout(resolve, waitMs));
  return sendRefresh(userIndex, retriesLeft - 1);
}

export function offlineError(): ApiRequestError {
  return new ApiRequestError(0, 'Offline', 'Not sent: the app is offline');
}

function sessionEndedError(): ApiRequestError {
  return new ApiRequestError(401, 'Unauthorized', 'The session has ended');
}

async function send(path: string, options: ApiRequestOptions): Promise<Response> {
  const headers = new Headers({ Accept: 'application/json', 'Accept-Language': config.getLanguage() });
  const xsrfToken = readCookie(cookieNames.xsrf);
  if (xsrfToken) headers.set(xsrfHeader, xsrfToken);
  let body: string | FormData | undefined;
  if (options.body instanceof FormData) {
    body = options.body; // the browser sets the multipart Content-Type with its boundary
  } else if (options.body !== undefined) {
    headers.set('Content-Type', 'application/json');
    body = JSON.stringify(options.body);
  }

  const timeoutMs = options.timeoutMs === undefined ? limits.requestTimeoutMs : options.timeoutMs;
  const { signal, cleanup, timedOut } = linkedSignal(options.signal, timeoutMs);
  const url = apiUrl(path, options.query);
  const method = options.method ?? 'GET';
  const earlyResponse = method === 'GET' ? takeEarlyResponse(url, signal) : undefined;
  if (earlyResponse) {
    const early = await earlyResponse;
    if (early) {
      cleanup();
      reportServerAnswer();
      return early;
    }
  }
  try {
    const response = options.onUploadProgress
      ? await xhrFetch(url, { method, headers, body, signal }, options.onUploadProgress)
      : await fetch(url, {
          method,
          credentials: 'same-origin',
          headers,
          body,
          signal,
          keepalive: options.keepalive,
        });
    reportServerAnswer();
    return response;
  } catch (cause) {
    // A caller's own abort (e.g. TanStack Query cancelling) passes through untouched.
    if (options.signal?.aborted) throw cause;
    if (timedOut()) throw new ApiRequestError(0, 'Timeout', `Request timed out after ${timeoutMs} ms`);
    // No answer at all: the offline banner shows until the server answers again (`connectivity.ts`).
    reportNetworkError();
    throw new ApiRequestError(0, 'NetworkError', cause instanceof Error ? cause.message : String(cause));
  } finally {
    cleanup();
  }
}

/** An AbortSignal that fires when the caller aborts or the timeout passes (AbortSignal.any is not everywhere). */
function linkedSignal(outer: AbortSignal | undefined, timeoutMs: number | null) {
  const controller = new AbortController();
  let didTimeOut = false;
  const abort = () => controller.abort();
  if (outer?.aborted) controller.abort();
  outer?.addEventListener('abort', abort, { once: true });
  const timer =
    timeoutMs === null
      ? undefined
      : setTimeout(() => {
          didTimeOut = true;
          controller.abort();
        }, timeoutMs);
  return {
    signal: controller.signal,
    timedOut: () => didTimeOut,
    cleanup: () => {
      if (timer !== undefined) clearTimeout(timer);
      outer?.removeEventListener('abort', abort);
    },
  };
}

export async function readJson(response: Response): Promise<unknown> {
  const text = await response.text();
  if (!text) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

async function toRequestError(response: Response): Promise<ApiRequestError> {
  const parsed = ApiError.safeParse(await readJson(response));
  if (parsed.success) {
    return new ApiRequestError(response.status, parsed.data.code, parsed.data.message, parsed.data);
  }
  const message = response.statusText || `HTTP ${response.status}`;
  return new ApiRequestError(response.status, fallbackCode(response.status), message);
}

function fallbackCode(status: number): ApiError['code'] {
  switch (status) {
    case 401:
      return 'Unauthorized';
    case 403:
      return 'Forbidden';
    case 404:
      return 'NotFound';
    case 419:
      return 'XsrfMismatch';
    case 422:
      return 'ValidationError';
    case 429:
      return 'RateLimited';
    default:
      return 'Internal';
  }
}
