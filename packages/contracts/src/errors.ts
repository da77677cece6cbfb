import { z } from 'zod';

/** Every error the API answers has this one shape (spec §8). 422 carries field errors. */
export const errorCodes = [
  'ValidationError',
  'Unauthorized',
  'AuthFailed',
  'XsrfMismatch',
  'Forbidden',
  'NotFound',
  'RateLimited',
  'MailServerUnavailable',
  'MailServerError',
  'Internal',
  /** A request the server cannot read at all (bad percent-encoding, an over-long path). */
  'BadRequest',
  /** 413: the body is over the limit. */
  'PayloadTooLarge',
  /** 415: a body type the route does not take (or, from the image proxy, a remote file that is no image). */
  'UnsupportedMediaType',
  /** 502/504 from the image proxy: the remote host failed, answered badly or too slowly. */
  'RemoteServerError',
] as const;
export const ErrorCode = z.enum(errorCodes);
export type ErrorCode = z.infer<typeof ErrorCode>;

export const ApiError = z
  .object({
    code: ErrorCode,
    message: z.string(),
    /** Field path (dot-joined) → messages. Only on 422. */
    errors: z.record(z.string(), z.array(z.string())).optional(),
  })
  .meta({ id: 'ApiError' });
export type ApiError = z.infer<typeof ApiError>;

/** Spec §5: the values of a 422's `errors` are joined by commas for display. */
export function joinFieldErrors(errors: Record<string, string[]> | undefined): string {
  if (!errors) return '';
  return Object.values(errors).flat().join(', ');
}
