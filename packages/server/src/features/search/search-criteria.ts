import type { ParsedSearch, SearchNode } from '@webmail/contracts';
import type { ImapArg } from '../../mail/imap/imap-raw-command.js';
import { stringArg, withCharset } from '../../mail/imap/imap-search-args.js';

/**
 * A parsed query as IMAP SEARCH criteria (RFC 9051 search-key). The user's text never becomes syntax: every value
 * is one string argument — quoted when it is plain printable ASCII, else a literal of its UTF-8 bytes (sent with
 * LITERAL+ in the same command) — and every keyword, date and number is ours. So whatever is typed (`"`, `\`,
 * `{5}`, parentheses, IMAP commands, CR/LF, which the parser already turned into spaces) the server gets exactly
 * one command with the words as data.
 *
 * Mapping: free words and phrases → TEXT (headers and body, like Gmail; Dovecot answers it from its full-text
 * index); from/to/cc/subject → FROM/TO/CC/SUBJECT; after/before → SINCE/BEFORE (IMAP's day of arrival);
 * older_than/newer_than → OLDER/YOUNGER seconds (RFC 5032 WITHIN; else BEFORE/SINCE the day); larger/smaller →
 * LARGER/SMALLER (strictly, as IMAP defines them); has:attachment → KEYWORD $HasAttachment (Dovecot's attachment
 * detection, `mail_attachment_detection_options = add-flags`); is:unread/read/starred → UNSEEN/SEEN/FLAGGED.
 */

export interface CriteriaOptions {
  /** The moment relative periods (older_than:7d) count back from. */
  now: Date;
  /** The server has WITHIN (OLDER/YOUNGER); otherwise whole days. */
  within: boolean;
  /** Negations already evaluated: NOT node → the UIDs its operand matched (a compressed set, maybe empty). */
  excluded?: ReadonlyMap<SearchNode, string>;
}

const atom = (value: string): ImapArg => ({ type: 'ATOM', value });

const months = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** `2026-03-09` → `9-Mar-2026` (RFC 9051 date). */
export function imapDate(day: string): string {
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  return `${date}-${months[month - 1]}-${year}`;
}

/** `now` minus a period, by the calendar (months and years are not fixed lengths). */
function periodStart(now: Date, amount: number, unit: 'd' | 'm' | 'y'): Date {
  const start = new Date(now);
  if (unit === 'd') start.setUTCDate(start.getUTCDate() - amount);
  else if (unit === 'm') start.setUTCMonth(start.getUTCMonth() - amount);
  else start.setUTCFullYear(start.getUTCFullYear() - amount);
  return start;
}

/** A search key is one or more arguments (`UNSEEN`, `TEXT "x"`); a query is a list of keys, ANDed. */
type Key = ImapArg[];

function keysOf(node: SearchNode, options: CriteriaOptions): Key[] {
  switch (node.kind) {
    case 'text':
      return [[atom('TEXT'), stringArg(node.value)]];
    case 'from':
    case 'to':
    case 'cc':
    case 'subject':
      return [[atom(node.kind.toUpperCase()), stringArg(node.value)]];
    case 'after':
      return [[atom('SINCE'), atom(imapDate(node.date))]];
    case 'before':
      return [[atom('BEFORE'), atom(imapDate(node.date))]];
    case 'olderThan':
    case 'newerThan': {
      const start = periodStart(options.now, node.amount, node.unit);
      if (options.within) {
        const seconds = Math.max(1, Math.round((options.now.getTime() - start.getTime()) / 1000));
        return [[atom(node.kind === 'olderThan' ? 'OLDER' : 'YOUNGER'), atom(String(seconds))]];
      }
      const day = imapDate(start.toISOString().slice(0, 10));
      return [[atom(node.kind === 'olderThan' ? 'BEFORE' : 'SINCE'), atom(day)]];
    }
    case 'larger':
    case 'smaller':
      return [[atom(node.kind.toUpperCase()), atom(String(node.bytes))]];
    case 'has':
      return [[atom('KEYWORD'), atom('$HasAttachment')]];
    case 'is':
      return [[atom(node.value === 'unread' ? 'UNSEEN' : node.value === 'read' ? 'SEEN' : 'FLAGGED')]];
    case 'not': {
      const set = options.excluded?.get(node);
      if (set === undefined) return [[atom('NOT'), ...operand(node.item, options)]];
      // NOT of nothing is everything.
      return set === '' ? [[atom('ALL')]] : [[atom('NOT'), atom('UID'), { type: 'SEQUENCE', value: set }]];
    }
    case 'and':
      return node.items.length === 0 ? [[atom('ALL')]] : node.items.flatMap((item) => keysOf(item, options));
    case 'or': {
      // IMAP's OR takes two keys: a OR b OR c is OR a (OR b c).
      const [first, ...rest] = node.items;
      if (!first) return [[atom('ALL')]];
      if (rest.length === 0) return keysOf(first, options);
      const right: SearchNode = rest.length === 1 ? rest[0]! : { kind: 'or', items: rest };
      return [[atom('OR'), ...operand(first, options), ...operand(right, options)]];
    }
  }
}

/** The arguments of one search key: several keys (an AND) become one parenthesised list. */
function operand(node: SearchNode, options: CriteriaOptions): ImapArg[] {
  const keys = keysOf(node, options);
  return keys.length === 1 ? keys[0]! : [keys.flat()];
}

/** The criteria of a query (its scope is the caller's business); `ALL` when it has none (`in:sent` alone). */
export function searchCriteria(search: ParsedSearch, options: CriteriaOptions): ImapArg[] {
  return keysOf(search.root, options).flat();
}

/** Whether a full-text index answers some key of this node (words, phrases, address and subject fields). */
function indexed(node: SearchNode): boolean {
  switch (node.kind) {
    case 'text':
    case 'from':
    case 'to':
    case 'cc':
    case 'subject':
      return true;
    case 'and':
    case 'or':
      return node.items.some(indexed);
    case 'not':
      return indexed(node.item);
    default:
      return false;
  }
}

/**
 * The criteria for the selected folder, with every negation of an indexed key evaluated first. Dovecot with
 * fts-xapian (the reference server) answers `NOT FROM "x"`, `NOT TEXT "x"` with no messages at all
 * (grosjo/fts-xapian#144: the index cannot negate), so `budget -from:tom` would find nothing. Each such NOT's
 * operand is searched on its own (`searchSet`, one `UID SEARCH RETURN (ALL)`) and the negation becomes
 * `NOT UID <those>`, which Dovecot evaluates itself; inner negations are resolved before outer ones. Negations of
 * flags, dates and sizes stay as they are. The UID sets belong to the selected folder: call this in it.
 */
export async function criteriaInFolder(
  search: ParsedSearch,
  options: CriteriaOptions,
  searchSet: (criteria: ImapArg[]) => Promise<string>,
): Promise<ImapArg[]> {
  const excluded = new Map<SearchNode, string>();
  const visit = async (node: SearchNode): Promise<void> => {
    if (node.kind === 'and' || node.kind === 'or') {
      for (const item of node.items) await visit(item);
    } else if (node.kind === 'not') {
      await visit(node.item);
      if (indexed(node.item)) {
        const operandKeys = keysOf(node.item, { ...options, excluded }).flat();
        excluded.set(node, await searchSet(withCharset(operandKeys)));
      }
    }
  };
  await visit(search.root);
  return keysOf(search.root, { ...options, excluded }).flat();
}

// Shared with the filters' "apply to the messages already in Inbox" (mail/imap/imap-search-args.ts).
export { stringArg, withCharset };

/** Whether the criteria depend on the time they are evaluated (older_than:/newer_than:). */
export function isRelative(node: SearchNode): boolean {
  if (node.kind === 'olderThan' || node.kind === 'newerThan') return true;
  if (node.kind === 'and' || node.kind === 'or') return node.items.some(isRelative);
  return node.kind === 'not' ? isRelative(node.item) : false;
}
