import type { FastifyContextConfig, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { serializerCompiler } from 'fastify-type-provider-zod';
import {
  ApiError,
  type EndpointDefinition,
  type EndpointParsedBody,
  type EndpointParsedParams,
  type EndpointParsedQuery,
  type EndpointResponse,
} from '@webmail/contracts';
import { multipartFormOf, operationIdOf, securityOf, type SecurityRequirement } from './openapi-document.js';
import { scopeOf, type RequestScope } from './request-scope.js';
import type { InFlight } from './in-flight.js';

export type EndpointRequest<E extends EndpointDefinition> = FastifyRequest<{
  Params: EndpointParsedParams<E>;
  Querystring: EndpointParsedQuery<E>;
  Body: EndpointParsedBody<E>;
}>;

/**
 * What a handler is handed with the request: the parsed params, query and body, and the request's scope — `account`
 * and, from the mail layer, `mail` (the request's MailSession); see request-scope.ts.
 */
export type EndpointContext<E extends EndpointDefinition> = RequestScope & {
  params: EndpointParsedParams<E>;
  query: EndpointParsedQuery<E>;
  body: EndpointParsedBody<E>;
};

/** A handler answers the endpoint's success body, or sends its own answer (files, streams) and returns the reply. */
export type EndpointHandler<E extends EndpointDefinition> = (
  request: EndpointRequest<E>,
  reply: FastifyReply,
  context: EndpointContext<E>,
) => Promise<EndpointResponse<E> | FastifyReply>;

declare module 'fastify' {
  interface FastifyInstance {
    /** `CHECK_ALL_RESPONSES`: `exactAnswer` routes check their answers too (tests). */
    checkAllResponses?: boolean;
    /** The handlers still running, which closing the server waits for. */
    inFlight?: InFlight;
  }
}

/** What only the server knows about a route: rate limits, a larger body limit, the answer check. */
export interface RouteExtras {
  config?: Omit<FastifyContextConfig, 'auth'>;
  /** In the document, for a route that authenticates otherwise than by cookies (`config.xsrf: false`). */
  security?: SecurityRequirement[];
  bodyLimit?: number;
  /**
   * The handler builds its success answer field by field in the contract's shape (no object passed through that
   * could carry more): that answer is written with `JSON.stringify`, without the zod check every other answer
   * gets, unless `CHECK_ALL_RESPONSES` is on (the server and browser tests). Error answers are always checked.
   * Only for hot routes (the message list); see ARCHITECTURE.md, "The warm list path".
   */
  exactAnswer?: boolean;
}

/** Success answers of an `exactAnswer` route: plain JSON; anything else as every route does. */
function exactAnswerSerializer(
  errors: readonly number[],
): NonNullable<Parameters<FastifyInstance['route']>[0]['serializerCompiler']> {
  return (route) =>
    errors.includes(Number(route.httpStatus))
      ? serializerCompiler(route as Parameters<typeof serializerCompiler>[0])
      : (data: unknown) => JSON.stringify(data);
}

/**
 * Registers the route of an endpoint descriptor: its method, path, auth mode, params/query/body schemas and every
 * answer (the success bodies and `ApiError` for each error status) come from the descriptor, so the route, the
 * OpenAPI document and the web client cannot drift apart. A descriptor's plan `feature` goes into the route's
 * config, where the session check refuses an account whose plan lacks it (route-auth.ts).
 */
export function route<E extends EndpointDefinition>(
  app: FastifyInstance,
  endpoint: E,
  handler: EndpointHandler<E>,
  extras: RouteExtras = {},
): void {
  const response: Record<number, unknown> = { ...endpoint.responses };
  // Input is checked before the handler runs: any endpoint with input may answer 422, listed or not.
  const validated = !!(endpoint.params || endpoint.query || endpoint.body);
  for (const status of [...endpoint.errors, ...(validated ? [422] : [])]) response[status] = ApiError;
  if (endpoint.feature) {
    // The plan gate runs with the session check (route-auth.ts); only a signed-in account has a plan.
    if (endpoint.auth !== 'session')
      throw new Error(`${endpoint.path}: a plan feature needs a session route`);
    response[403] = ApiError;
  }
  app.route({
    method: endpoint.method,
    url: endpoint.path,
    ...(extras.bodyLimit ? { bodyLimit: extras.bodyLimit } : {}),
    ...(extras.exactAnswer && !app.checkAllResponses
      ? { serializerCompiler: exactAnswerSerializer(endpoint.errors) }
      : {}),
    config: {
      ...extras.config,
      auth: endpoint.auth,
      ...(endpoint.feature ? { feature: endpoint.feature } : {}),
    },
    schema: {
      operationId: operationIdOf(endpoint),
      summary: endpoint.summary,
      tags: [...endpoint.tags],
      security: extras.security ?? securityOf(endpoint, extras.config?.xsrf !== false),
      ...(endpoint.params ? { params: endpoint.params } : {}),
      ...(endpoint.query ? { querystring: endpoint.query } : {}),
      // A multipart body is read by the handler (streamed files); its descriptor only documents the fields.
      ...(endpoint.body && !endpoint.multipart ? { body: endpoint.body } : {}),
      ...(endpoint.multipart
        ? { consumes: ['multipart/form-data'], multipartForm: multipartFormOf(endpoint) }
        : {}),
      response,
    },
    handler: ((request: EndpointRequest<E>, reply: FastifyReply) => {
      // The input joins the scope object itself, whose getters (account, mail) are not read here.
      const context = Object.assign(scopeOf(request), {
        params: request.params,
        query: request.query,
        body: request.body,
      }) as EndpointContext<E>;
      const work = handler(request, reply, context);
      return app.inFlight ? app.inFlight.track(work) : work;
    }) as never,
  });
}
