import { atom, type ImapArg } from './imap-raw-command.js';

/** Printable ASCII travels quoted; anything else (UTF-8, a value over 1000 bytes) as a literal. */
const printableAscii = /^[\x20-\x7e]*$/;
// eslint-disable-next-line no-control-regex
const lineBreakOrNul = /[\r\n\u0000]/;

/**
 * A user's value as one IMAP SEARCH string argument, never as syntax: quoted when it is plain printable ASCII,
 * else a literal of its UTF-8 bytes (sent with LITERAL+ in the same command).
 */
export function stringArg(value: string): ImapArg {
  // Callers make every control character a space; a value with one here is a bug, never sent.
  if (lineBreakOrNul.test(value)) throw new Error('A search value with CR, LF or NUL reached the IMAP layer');
  if (printableAscii.test(value) && value.length <= 1000) return { type: 'STRING', value };
  return { type: 'LITERAL', value: Buffer.from(value, 'utf8') };
}

/** For SEARCH (not SORT or THREAD, which name their charset in place): `CHARSET UTF-8` first. */
export const withCharset = (criteria: ImapArg[]): ImapArg[] => [atom('CHARSET'), atom('UTF-8'), ...criteria];
