import type { z } from 'zod';
import type { DisabledFeature } from './account.js';

/**
 * One API endpoint, described once: the server registers its route from it (schemas, auth mode, OpenAPI) and
 * the web calls it through it (path built from params, response parsed with the same schema). Neither side
 * writes the path or the shapes again.
 *
 * Why our own and not ts-rest or zodios: both need zod 3 (we are on zod 4), and their clients would replace ours,
 * which carries the session rules (refresh on 401, XSRF renewal on 419, per-account waiting).
 */
export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** `public`: no session needed. `session`: the `userIndex` (path or query) must be signed in on this device. */
export type EndpointAuth = 'public' | 'session';

export interface EndpointDefinition {
  method: HttpMethod;
  /** Under `/api`, Fastify style: `/u/:userIndex/mailbox/folders/:id`. */
  path: `/${string}`;
  auth: EndpointAuth;
  /**
   * The plan feature the endpoint belongs to (`session` endpoints only): the server refuses the call with the
   * feature's 403 reason (`contactsDisabled` …) right after the session is verified when the account's plan
   * lacks it, before the handler runs. Declared here, never checked in handlers.
   */
  feature?: DisabledFeature;
  summary: string;
  tags: readonly string[];
  params?: z.ZodType;
  query?: z.ZodType;
  /** JSON body; for a `multipart` endpoint it documents the form fields and is not checked by the route schema. */
  body?: z.ZodType;
  /** The body is `multipart/form-data` (files). */
  multipart?: true;
  /** A `multipart` body's file parts by field name, one file each; `body` documents the other fields. */
  files?: Readonly<Record<string, 'required' | 'optional'>>;
  /**
   * The client sends this PATCH/PUT/DELETE as POST with `X-HTTP-Method-Override: <method>` (or the query
   * `_method`); the server routes it as the real method. Some proxies refuse or drop multipart bodies on PATCH.
   */
  methodOverride?: true;
  /** Success statuses and their bodies, e.g. `{ 200: Folder }` or `{ 204: z.null() }`. */
  responses: Readonly<Record<number, z.ZodType>>;
  /** The answer is not JSON (a file, a stream, text): the web reads it as a `Response`. */
  raw?: true;
  /** Error statuses the endpoint may answer, each with the `ApiError` body. */
  errors: readonly number[];
  /** The web client's time limit; `null` for none (mass actions, exports). Default: 5 s (`limits.requestTimeoutMs`). */
  timeoutMs?: number | null;
}

/** Identity function that keeps the literal types of a definition. */
export function defineEndpoint<const D extends EndpointDefinition>(definition: D): D {
  return definition;
}

type InputOf<T> = T extends z.ZodType ? z.input<T> : undefined;
type OutputOf<T> = T extends z.ZodType ? z.output<T> : undefined;

/**
 * Path and query values travel as text, so their schemas take strings (`decimalParam` reads `'12'`); a caller
 * may pass the number itself, which becomes the same text.
 */
type Textual<T> = T extends undefined
  ? T
  : { [K in keyof T]: Exclude<T[K], undefined> extends string ? T[K] | number : T[K] };

export type EndpointParams<E extends EndpointDefinition> = Textual<InputOf<E['params']>>;
export type EndpointQuery<E extends EndpointDefinition> = Textual<InputOf<E['query']>>;
export type EndpointBody<E extends EndpointDefinition> = E['multipart'] extends true
  ? FormData
  : InputOf<E['body']>;
/** What the handler returns and the client receives: the union of the success bodies. */
export type EndpointResponse<E extends EndpointDefinition> = {
  [S in keyof E['responses']]: OutputOf<E['responses'][S]>;
}[keyof E['responses']];

/** Server side: the parsed (output) shapes a handler receives. */
export type EndpointParsedParams<E extends EndpointDefinition> = OutputOf<E['params']>;
export type EndpointParsedQuery<E extends EndpointDefinition> = OutputOf<E['query']>;
export type EndpointParsedBody<E extends EndpointDefinition> = OutputOf<E['body']>;

export type PathParamValue = string | number;

/** The header (and the query name) of a method override: a POST that the server routes as this method. */
export const methodOverrideHeader = 'X-HTTP-Method-Override';
export const methodOverrideQuery = '_method';
/** The methods a POST may stand for. */
export const overridableMethods = ['PATCH', 'PUT', 'DELETE'] as const;

/**
 * The path of an endpoint with its `:name` segments filled in, each value percent-encoded (mailbox ids and
 * thread ids are opaque to the client). A missing param is a programming error and throws.
 */
export function endpointPath(
  endpoint: Pick<EndpointDefinition, 'path'>,
  params: Record<string, PathParamValue> | undefined,
): string {
  return endpoint.path.replace(/:([A-Za-z0-9_]+)/g, (_, name: string) => {
    const value = params?.[name];
    if (value === undefined || value === null || value === '') {
      throw new Error(`Missing path parameter "${name}" for ${endpoint.path}`);
    }
    return encodeURIComponent(String(value));
  });
}

/** The user index an endpoint call is made for: its `userIndex` param or query value (never parsed from a path). */
export function endpointUserIndex(
  params: Record<string, unknown> | undefined,
  query: Record<string, unknown> | undefined,
): number | undefined {
  const value = params?.userIndex ?? query?.userIndex;
  if (typeof value === 'number') return value;
  return typeof value === 'string' && /^(0|[1-9][0-9]?)$/.test(value) ? Number(value) : undefined;
}
