import type { z } from 'zod';

/*
 * Text that reaches a mail header, a Sieve script or an IMAP command must not hold control characters: CR/LF in a
 * header or a Sieve string would start a new line of the server's own syntax, and NUL is refused outright by
 * Sieve and IMAP (a 5xx from the mail server). One refinement for every such field, applied in the contracts, so
 * the server answers 422 naming the field before anything reaches the mail server.
 */

// eslint-disable-next-line no-control-regex
const lineControls = /[\u0000-\u001f\u007f]/;
/** A body may hold TAB, LF and CR (line breaks); every other C0 control and DEL stays out. */
// eslint-disable-next-line no-control-regex
const bodyControls = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/;

/** A one-line field (a name, a subject, a header): no control character at all, TAB and line breaks included. */
export function singleLine<S extends z.ZodString>(schema: S): S {
  return schema.refine((v) => !lineControls.test(v), {
    message: 'This field cannot contain line breaks or control characters',
    params: { code: 'controlCharacter' },
  }) as S;
}

/** A text body (a message, an auto-reply, a signature): tabs and line breaks, but no other control character. */
export function multiLine<S extends z.ZodString>(schema: S): S {
  return schema.refine((v) => !bodyControls.test(v), {
    message: 'This text cannot contain control characters',
    params: { code: 'controlCharacter' },
  }) as S;
}
