import type { FastifyContextConfig, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import {
  ApiError,
  type EndpointDefinition,
  type EndpointParsedBody,
  type EndpointParsedParams,
  type EndpointParsedQuery,
  type EndpointResponse,
} from '@webmail/contracts';

export type EndpointRequest<E extends EndpointDefinition> = FastifyRequest<{
  Params: EndpointParsedParams<E>;
  Querystring: EndpointParsedQuery<E>;
  Body: EndpointParsedBody<E>;
}>;

/** A handler answers the endpoint's success body, or sends its own answer (files, streams) and returns the reply. */
export type EndpointHandler<E extends EndpointDefinition> = (
  request: EndpointRequest<E>,
  reply: FastifyReply,
) => Promise<EndpointResponse<E> | FastifyReply>;

/** What only the server knows about a route: rate limits, a larger body limit. */
export interface RouteExtras {
  config?: Omit<FastifyContextConfig, 'auth'>;
  bodyLimit?: number;
}

/**
 * Registers the route of an endpoint descriptor: its method, path, auth mode, params/query/body schemas and every
 * answer (the success bodies and `ApiError` for each error status) come from the descriptor, so the route, the
 * OpenAPI document and the web client cannot drift apart.
 */
export function route<E extends EndpointDefinition>(
  app: FastifyInstance,
  endpoint: E,
  handler: EndpointHandler<E>,
  extras: RouteExtras = {},
): void {
  const response: Record<number, unknown> = { ...endpoint.responses };
  for (const status of endpoint.errors) response[status] = ApiError;
  app.route({
    method: endpoint.method,
    url: endpoint.path,
    ...(extras.bodyLimit ? { bodyLimit: extras.bodyLimit } : {}),
    config: { ...extras.config, auth: endpoint.auth },
    schema: {
      summary: endpoint.summary,
      tags: [...endpoint.tags],
      ...(endpoint.params ? { params: endpoint.params } : {}),
      ...(endpoint.query ? { querystring: endpoint.query } : {}),
      // A multipart body is read by the handler (streamed files); its descriptor only documents the fields.
      ...(endpoint.body && !endpoint.multipart ? { body: endpoint.body } : {}),
      ...(endpoint.multipart ? { consumes: ['multipart/form-data'] } : {}),
      response,
    },
    handler: handler as never,
  });
}
