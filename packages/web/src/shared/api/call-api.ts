import {
  authEndpoints,
  endpointPath,
  endpointUserIndex,
  methodOverrideQuery,
  type EndpointBody,
  type EndpointDefinition,
  type EndpointParams,
  type EndpointQuery,
  type EndpointResponse,
  type PathParamValue,
} from '@webmail/contracts';
import type { z } from 'zod';
import { apiResponse, apiUrl, readJson, type QueryValue } from './api-client';
import { ApiRequestError } from './api-request-error';

/** A part of the call that the endpoint may leave out: required when the endpoint's schema requires something. */
type Part<K extends string, T> = [T] extends [undefined]
  ? { [P in K]?: undefined }
  : object extends T
    ? { [P in K]?: T }
    : { [P in K]: T };

/** The values of one call: path params, query and body, typed by the endpoint's schemas. */
export type CallInput<E extends EndpointDefinition> = Part<'params', EndpointParams<E>> &
  Part<'query', EndpointQuery<E>> &
  Part<'body', EndpointBody<E>>;

/** JSON endpoints answer their parsed success body; `raw` ones (files, text) the `Response` itself. */
export type CallResult<E extends EndpointDefinition> = E['raw'] extends true ? Response : EndpointResponse<E>;

export interface CallOptions {
  signal?: AbortSignal;
  /**
   * Set to false where the caller shows a 401 itself (the sign-in form): then neither a token refresh nor the
   * sign-out flow happens.
   */
  redirectOnUnauthorized?: boolean;
  /** Fraction of the body sent, 0 to 1 (uploads); the call then goes out with XMLHttpRequest. */
  onUploadProgress?: (fraction: number) => void;
  /** The request outlives the page (a save sent as the page goes away). */
  keepalive?: boolean;
}

/**
 * The refresh and logout calls belong to no account here: a 401 to them must not start (or wait for) a refresh
 * of the very session they renew or end.
 */
const sessionCalls = new Set<EndpointDefinition>([authEndpoints.refresh, authEndpoints.logout]);

/**
 * The one way the app calls the API: the path is built from the endpoint's pattern and the params (never written
 * by hand), the account whose session a 401 renews is the call's `userIndex` param or query value, the time
 * limit is the endpoint's (`timeoutMs`, default 5 s, `null` none), and the answer is checked against the
 * endpoint's success schema: a server that breaks the contract fails loudly (`InvalidResponse`).
 */
export async function callApi<E extends EndpointDefinition>(
  endpoint: E,
  input: CallInput<E>,
  options: CallOptions = {},
): Promise<CallResult<E>> {
  const { params, query, body } = input as { params?: object; query?: object; body?: unknown };
  const account = sessionCalls.has(endpoint)
    ? undefined
    : endpointUserIndex(params as Record<string, unknown>, query as Record<string, unknown>);
  // A method-override endpoint (a multipart PATCH) goes out as POST with `?_method=PATCH`, which the server routes
  // as the real method: some proxies refuse or drop multipart bodies on PATCH.
  const override = endpoint.methodOverride ? { [methodOverrideQuery]: endpoint.method } : undefined;
  const response = await apiResponse(endpointPath(endpoint, params as Record<string, PathParamValue>), {
    method: override ? 'POST' : endpoint.method,
    query: override
      ? { ...(query as Record<string, QueryValue> | undefined), ...override }
      : (query as Record<string, QueryValue> | undefined),
    body: endpoint.multipart ? (body as FormData) : body,
    account,
    timeoutMs: endpoint.timeoutMs,
    signal: options.signal,
    redirectOnUnauthorized: options.redirectOnUnauthorized,
    onUploadProgress: options.onUploadProgress,
    keepalive: options.keepalive,
  });
  if (endpoint.raw) return response as CallResult<E>;
  return (await parseSuccess(endpoint, response)) as CallResult<E>;
}

/** Absolute-path URL of an endpoint, for what the browser fetches itself: `<a href download>`, `<img src>`. */
export function endpointUrl<E extends EndpointDefinition>(
  endpoint: E,
  params: EndpointParams<E>,
  query?: EndpointQuery<E>,
): string {
  return apiUrl(
    endpointPath(endpoint, params as Record<string, PathParamValue> | undefined),
    query as Record<string, QueryValue> | undefined,
  );
}

/** The schema of the status that came back; an endpoint with one success status uses it for any 2xx. */
function successSchema(endpoint: EndpointDefinition, status: number): z.ZodType | undefined {
  const declared = Object.values(endpoint.responses);
  return endpoint.responses[status] ?? (declared.length === 1 ? declared[0] : undefined);
}

async function parseSuccess(endpoint: EndpointDefinition, response: Response): Promise<unknown> {
  // A 204 has no body: it stands for the `null` its schema declares.
  const json = response.status === 204 ? null : await readJson(response);
  const parsed = successSchema(endpoint, response.status)?.safeParse(json);
  if (!parsed?.success) {
    const problem = parsed ? parsed.error.message : `undeclared status ${response.status}`;
    throw new ApiRequestError(response.status, 'InvalidResponse', `Unexpected response: ${problem}`);
  }
  return parsed.data;
}
