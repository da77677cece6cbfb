import { z } from 'zod';
import { searchErrorCodes } from './search-query.js';

/**
 * Every error the API answers has one shape, `{code, reason?, message, errors?, fieldErrors?}`.
 * - `code`: the general kind (one per HTTP meaning); clients switch on it.
 * - `reason`: the precise cause where a client acts on it (e.g. `archiveFolderNotSet`), from the per-feature enums
 *   collected in `error-reasons.ts`. Clients render it from the catalogue (`errors:reasons.<reason>`).
 * - `message`: a human sentence in English for logs and API users; never a code. The web shows its own text.
 * - `errors` (422 only): field path (dot-joined) → English texts; a display joins them with commas.
 * - `fieldErrors` (422 only): the same fields as `{code, params}`, rendered by the web from the catalogue
 *   (`errors:fields.<code>`) in the user's language.
 */
export const errorCodes = [
  'ValidationError',
  'Unauthorized',
  'AuthFailed',
  'XsrfMismatch',
  'Forbidden',
  'NotFound',
  'RateLimited',
  'MailServerUnavailable',
  /** 503: the server's own storage is busy, read-only or unreachable for a moment (comes with Retry-After). */
  'ServiceUnavailable',
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

/** Parameters of a field error or reason, interpolated into its catalogue text (`{{max}}`). */
export const TextParams = z.record(z.string(), z.union([z.string(), z.number()]));
export type TextParams = z.infer<typeof TextParams>;

/**
 * Field error codes. The generic ones come from schema checks; a feature adds its own (documented where it is
 * raised). Each has a text under `errors:fields.<code>` in every locale.
 */
export const fieldErrorCodes = [
  'required',
  'invalid',
  'invalidType',
  'invalidEmail',
  'unknownField',
  'tooShort',
  'tooLong',
  'tooSmall',
  'tooBig',
  'tooFew',
  'tooMany',
  'notAllowed',
  /** A control character (NUL, CR/LF in a one-line field, …) where text reaches a header, Sieve or IMAP. */
  'controlCharacter',
  // mailboxes
  'folderNameSlash',
  'folderNameControl',
  'folderNameTaken',
  'folderNameReserved',
  'folderParentMissing',
  'folderParentInvalid',
  'systemFolderRename',
  'systemFolderMove',
  'systemFolderHide',
  'mailServerRefused',
  // messages
  'nothingToChange',
  'moveTargetRequired',
  'noMessagesSelected',
  'notSpamOnlyInJunk',
  // compose
  'recipientsRequired',
  'tooManyRecipients',
  'subjectTooLong',
  'attachmentTooLarge',
  'inlineImageTooLarge',
  'inlineTypeNotAllowed',
  'messageTooLarge',
  'attachmentGone',
  'draftBeingSent',
  'sendAtInPast',
  'sendAtTooFar',
  // settings
  'displayNameTooShort',
  'displayNameTooLong',
  'unknownTimezone',
  // search (the query's problems, `search-query.ts`)
  ...searchErrorCodes,
  'searchFolderUnknown',
  // security
  'wrongCode',
  'wrongPassword',
  'samePassword',
  // contacts
  'contactNameOrEmail',
  'avatarNotImage',
  'avatarTooLarge',
  'importTooLarge',
  'importUnreadable',
  'importNoEmailColumn',
  'importEmpty',
  'contactLimitReached',
  // settings: outgoing addresses, avatar
  'codeExpired',
  'avatarTypeNotAllowed',
  // snooze
  'snoozeInPast',
  'snoozeTooFar',
] as const;
export const FieldErrorCode = z.enum(fieldErrorCodes);
export type FieldErrorCode = z.infer<typeof FieldErrorCode>;

/**
 * As read by clients, a code is any string: a client older than the server (a cached app) must still read the
 * error, and shows the English text for a code it has no text for. Servers produce only `FieldErrorCode`s.
 */
export const FieldError = z.object({ code: z.string(), params: TextParams.optional() });
export type FieldError = { code: FieldErrorCode; params?: TextParams };

export const ApiError = z
  .object({
    code: ErrorCode,
    /** One of `ErrorReason` (read as any string, for the same reason as field codes). */
    reason: z.string().optional(),
    message: z.string(),
    /** Field path (dot-joined) → English messages. Only on 422. */
    errors: z.record(z.string(), z.array(z.string())).optional(),
    /** Field path → codes with parameters, for display in the user's language. Only on 422. */
    fieldErrors: z.record(z.string(), z.array(FieldError)).optional(),
  })
  .meta({ id: 'ApiError' });
export type ApiError = z.infer<typeof ApiError>;

/** A display joins the values of a 422's `errors` with commas. */
export function joinFieldErrors(errors: Record<string, string[]> | undefined): string {
  if (!errors) return '';
  return Object.values(errors).flat().join(', ');
}
