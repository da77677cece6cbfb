import type { FilterQuery } from '@webmail/contracts';
import { atom, type ImapArg } from '../../mail/imap/imap-raw-command.js';
import { stringArg } from '../../mail/imap/imap-search-args.js';
import { listIdKey, parseTextQuery } from './sieve-text.js';

/**
 * A filter's criteria applied to mail already stored, in the same terms as the compiled Sieve script
 * (docs/filters.md, "A filter"). Split in two because of the reference Dovecot: its full-text index (fts-xapian) answers
 * `HEADER`, `FROM`, `TO` … searches by words, so `HEADER SENDER "boss@work.test"` finds nothing and a substring of
 * an address may or may not match. The header criteria are therefore compared here, on the fetched envelope and
 * headers (`headersMatch`), and only the body, attachment and size criteria go to the server as SEARCH keys
 * (`filterSearchCriteria`), where BODY is what the index is for.
 */

type Key = ImapArg[];

/** `OR a (OR b c)`: IMAP's OR takes two keys. */
function anyOf(keys: Key[]): Key {
  const [first, ...rest] = keys;
  if (!first) return [atom('ALL')];
  if (rest.length === 0) return first;
  return [atom('OR'), first, anyOf(rest)];
}

/**
 * The SEARCH keys of the body, attachment and size criteria: text words ANDed, ` OR ` alternatives, phrases (BODY);
 * ha as Dovecot's `$HasAttachment` keyword (as the search does); size inclusive (`LARGER N-1`, `SMALLER N+1`, since
 * IMAP's are strict, like Sieve's). `ALL` without any. Values are always string arguments, never syntax.
 */
export function filterSearchCriteria(query: FilterQuery): ImapArg[] {
  const keys: Key[] = [];
  const alternatives = query.text ? parseTextQuery(query.text) : [];
  if (alternatives.length > 0) {
    keys.push(anyOf(alternatives.map((terms) => terms.flatMap((term) => [atom('BODY'), stringArg(term)]))));
  }
  if (query.ha) keys.push([atom('KEYWORD'), atom('$HasAttachment')]);
  if (query.size && query.size > 0) keys.push([atom('LARGER'), atom(String(query.size - 1))]);
  if (query.size && query.size < 0) keys.push([atom('SMALLER'), atom(String(-query.size + 1))]);
  return keys.length === 0 ? [atom('ALL')] : keys.flat();
}

/** A stored message's header fields, decoded (addresses as `Name <address>`); a header may occur several times. */
export interface MessageHeaders {
  from: string[];
  sender: string[];
  to: string[];
  cc: string[];
  deliveredTo: string[];
  subject: string;
  listId: string | null;
}

/** Whether the query has header criteria (otherwise the SEARCH alone decides). */
export const hasHeaderCriteria = (query: FilterQuery): boolean =>
  [query.from, query.to, query.subject, query.listId].some((v) => Boolean(v?.trim()));

/**
 * The header criteria as Sieve's `header :contains` tests them: a case-insensitive substring; from also in Sender,
 * to also in Cc and Delivered-To, listId (the inside of `<…>`) in List-Id.
 */
export function headersMatch(query: FilterQuery, headers: MessageHeaders): boolean {
  const contains = (values: readonly string[], wanted: string | null | undefined) => {
    const needle = wanted?.trim().toLowerCase();
    return !needle || values.some((v) => v.toLowerCase().includes(needle));
  };
  return (
    contains([...headers.from, ...headers.sender], query.from) &&
    contains([...headers.to, ...headers.cc, ...headers.deliveredTo], query.to) &&
    contains([headers.subject], query.subject) &&
    contains(headers.listId === null ? [] : [headers.listId], query.listId && listIdKey(query.listId))
  );
}
