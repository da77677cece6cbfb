import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import type { ApiError, ErrorCode } from '@webmail/contracts';
import { AppError, validationError, type FieldProblem } from '../errors.js';
import { fieldOf, problemOf } from './field-errors.js';
import { unavailableErrorOf } from './unavailable-errors.js';

/**
 * Every error leaves as `{code, reason?, message, errors?, fieldErrors?}`: 4xx logged at warn, 5xx at error
 * with the error, and nothing internal (stack, SQL, the mail server's words) in the answer.
 */
export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | AppError, request, reply) => {
    // A storage or connection fault that passes: 503 with Retry-After (the original is logged).
    const { status, body } = toApiError(unavailableErrorOf(error) ?? error, reply);
    if (status >= 500) request.log.error({ err: error }, 'request failed');
    else request.log.warn({ code: body.code, reason: body.reason, status }, body.message);
    return reply.status(status).send(body);
  });
}

function toApiError(
  error: FastifyError | AppError,
  reply: { headers: (h: Record<string, string>) => unknown },
): { status: number; body: ApiError } {
  if (hasZodFastifySchemaValidationErrors(error)) {
    const problems: Record<string, FieldProblem[]> = {};
    for (const issue of error.validation) (problems[fieldOf(issue)] ??= []).push(problemOf(issue));
    const invalid = validationError(problems);
    return { status: 422, body: bodyOf(invalid, 'Some fields are invalid') };
  }
  if (error instanceof AppError) {
    if (error.headers) reply.headers(error.headers);
    return { status: error.status, body: bodyOf(error, error.message) };
  }
  if (error.statusCode === 429) {
    return {
      status: 429,
      body: { code: 'RateLimited', reason: 'rateLimited', message: 'Too many requests, try again later' },
    };
  }
  if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
    // Fastify's and its plugins' own client errors (bad JSON, body too large, unsupported media type).
    const status = error.statusCode === 400 ? 422 : error.statusCode;
    const body: ApiError = { code: clientErrorCode(status), message: error.message };
    if (status === 422) body.errors = { _: [error.message] };
    return { status, body };
  }
  return { status: 500, body: { code: 'Internal', message: 'Something went wrong on the server' } };
}

function bodyOf(error: AppError, message: string): ApiError {
  return {
    code: error.code,
    ...(error.reason ? { reason: error.reason } : {}),
    message,
    ...(error.errors ? { errors: error.errors } : {}),
    ...(error.details.fieldErrors ? { fieldErrors: error.details.fieldErrors } : {}),
  };
}

function clientErrorCode(status: number): ErrorCode {
  switch (status) {
    case 404:
      return 'NotFound';
    case 413:
      return 'PayloadTooLarge';
    case 415:
      return 'UnsupportedMediaType';
    case 422:
      return 'ValidationError';
    default:
      return 'BadRequest';
  }
}

/**
 * Fastify's `frameworkErrors`: what the router refuses before any route or hook runs (a path that is no
 * valid percent-encoding, a parameter over `maxParamLength`) would otherwise be answered in Fastify's own
 * shape. Our words, not the request echoed back.
 */
export function frameworkErrors(error: FastifyError, request: FastifyRequest, reply: FastifyReply): void {
  const tooLong = error.code === 'FST_ERR_MAX_PARAM_LENGTH';
  const status = tooLong ? 414 : error.statusCode && error.statusCode < 500 ? error.statusCode : 400;
  const body: ApiError = {
    code: 'BadRequest',
    message: tooLong ? 'A part of the address is too long' : 'The address is not valid',
  };
  request.log.warn({ code: body.code, status, reason: error.code }, body.message);
  void reply.status(status).send(body);
}
