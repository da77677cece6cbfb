import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import type { ApiError, ErrorCode } from '@webmail/contracts';

/** The one error type services throw. The error handler turns it into `{code, message, errors?}`. */
export class AppError extends Error {
  constructor(
    readonly code: ErrorCode,
    readonly status: number,
    message: string,
    readonly errors?: Record<string, string[]>,
    /** Extra response headers, e.g. Retry-After on 429. */
    readonly headers?: Record<string, string>,
  ) {
    super(message);
    this.name = 'AppError';
  }
}

/** Seconds a client should wait before trying a mail server that could not be reached (503). */
export const mailServerRetryAfterSeconds = 10;

export const notFound = (what: string) => new AppError('NotFound', 404, `${what} not found`);
export const unauthorized = (message = 'Not signed in') => new AppError('Unauthorized', 401, message);

export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | AppError, request, reply) => {
    let body: ApiError;
    let status: number;
    if (error instanceof AppError) {
      status = error.status;
      if (error.headers) reply.headers(error.headers);
      body = { code: error.code, message: error.message, ...(error.errors ? { errors: error.errors } : {}) };
    } else if (hasZodFastifySchemaValidationErrors(error)) {
      status = 422;
      const errors: Record<string, string[]> = {};
      for (const issue of error.validation) {
        const field = issue.instancePath.replace(/^\//, '').replaceAll('/', '.') || '_';
        (errors[field] ??= []).push(issue.message ?? 'Invalid value');
      }
      body = { code: 'ValidationError', message: 'Some fields are invalid', errors };
    } else if (error.statusCode === 429) {
      status = 429;
      body = { code: 'RateLimited', message: 'Too many requests, try again later' };
    } else if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
      // Fastify's and its plugins' own client errors (bad JSON, body too large, unsupported media type).
      status = error.statusCode === 400 ? 422 : error.statusCode;
      body = { code: clientErrorCode(status), message: error.message };
      if (status === 422) body.errors = { _: [error.message] };
    } else {
      status = 500;
      body = { code: 'Internal', message: 'Something went wrong on the server' };
    }
    if (status >= 500) request.log.error({ err: error }, 'request failed');
    else request.log.warn({ code: body.code, status }, body.message);
    return reply.status(status).send(body);
  });
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
