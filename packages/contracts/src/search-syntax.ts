/** The search language's vocabulary: keywords, limits, the parsed tree, errors and tokens (search-query.ts). */
export const searchLimits = {
  /** Characters of a query (a longer one is refused with `tooLong`). */
  maxLength: 2000,
  /** Terms in one query: each becomes an IMAP search key. */
  maxTerms: 100,
  /** Nested parentheses and negations. */
  maxDepth: 10,
  /** Recent searches kept per user. */
  recentSearches: 5,
  /** Hits kept with a recent search (its snapshot). */
  recentHits: 5,
  savedSearches: 20,
  savedSearchNameMax: 100,
} as const;

export const searchKeywords = [
  'from',
  'to',
  'cc',
  'subject',
  'in',
  'after',
  'before',
  'older',
  'newer',
  'older_than',
  'newer_than',
  'larger',
  'smaller',
  'has',
  'is',
] as const;
export type SearchKeyword = (typeof searchKeywords)[number];

const value = String.raw`(?:"[^"]*"?|[^\s()"]+)`;
const date = String.raw`\d{4}[-/]\d{1,2}[-/]\d{1,2}`;
const period = String.raw`\d{1,6}[dmy]`;
const size = String.raw`\d{1,12}(?:\.\d{1,3})?(?:b|k|kb|m|mb|g|gb)?`;

/**
 * Keyword → the pattern of a whole recognised token (`from:alice`), case-insensitive, as `GET /search/keywords`
 * returns it: the bar highlights a token that matches its keyword's pattern.
 */
export const searchKeywordPatterns: Record<SearchKeyword, string> = {
  from: `from:${value}`,
  to: `to:${value}`,
  cc: `cc:${value}`,
  subject: `subject:${value}`,
  in: `in:${value}`,
  after: `after:${date}`,
  before: `before:${date}`,
  older: `older:${date}`,
  newer: `newer:${date}`,
  older_than: `older_than:${period}`,
  newer_than: `newer_than:${period}`,
  larger: `larger:${size}`,
  smaller: `smaller:${size}`,
  has: 'has:attachment',
  is: 'is:(?:unread|read|starred)',
};

export type AddressField = 'from' | 'to' | 'cc' | 'subject';
export type IsValue = 'unread' | 'read' | 'starred';
export type PeriodUnit = 'd' | 'm' | 'y';

/** One criterion. Dates are `YYYY-MM-DD`; `older:`/`newer:` are read as `before:`/`after:`. */
export type SearchTerm =
  | { kind: 'text'; value: string; phrase: boolean }
  | { kind: AddressField; value: string; phrase: boolean }
  | { kind: 'after' | 'before'; date: string }
  | { kind: 'olderThan' | 'newerThan'; amount: number; unit: PeriodUnit }
  | { kind: 'larger' | 'smaller'; bytes: number }
  | { kind: 'has'; value: 'attachment' }
  | { kind: 'is'; value: IsValue };

export type SearchNode =
  | SearchTerm
  | { kind: 'and'; items: SearchNode[] }
  | { kind: 'or'; items: SearchNode[] }
  | { kind: 'not'; item: SearchNode };

/** A parsed query: its criteria (`and` of the top-level terms) and the folder scope of `in:` (null: default). */
export interface ParsedSearch {
  root: { kind: 'and'; items: SearchNode[] };
  scope: string | null;
}

export const searchErrorCodes = [
  'searchEmpty',
  'searchTooLong',
  'searchUnbalancedParentheses',
  'searchOrWithoutTerm',
  'searchNotWithoutTerm',
  'searchValueMissing',
  'searchInvalidValue',
  'searchInvalidDate',
  'searchInvalidPeriod',
  'searchInvalidSize',
  'searchInNotAllowedHere',
  'searchInRepeated',
  'searchTooManyTerms',
  'searchTooDeep',
] as const;
export type SearchErrorCode = (typeof searchErrorCodes)[number];

/** A problem in the text, with where it is (`start`..`end`) for the bar to mark. */
export interface SearchError {
  code: SearchErrorCode;
  start: number;
  end: number;
  params?: Record<string, string | number>;
}

export type SearchParseResult = { ok: true; search: ParsedSearch } | { ok: false; errors: SearchError[] };

/** A lexical token, with its place in the text (the bar highlights recognised keywords by these). */
export interface SearchToken {
  type: 'lparen' | 'rparen' | 'not' | 'or' | 'and' | 'word' | 'phrase' | 'keyword';
  start: number;
  end: number;
  /** The word, the phrase's inside, or a keyword's value. */
  value: string;
  keyword?: SearchKeyword;
  /** A phrase, or a keyword whose value was quoted. */
  quoted?: boolean;
}

/** `2026-03-09`, `2026/3/9` → `2026-03-09`; null for anything else or a day that does not exist. */
export function parseDate(text: string): string | null {
  const match = /^(\d{4})[-/](\d{1,2})[-/](\d{1,2})$/.exec(text);
  if (!match) return null;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  if (year < 1970 || year > 2999) return null;
  const d = new Date(Date.UTC(year, month - 1, day));
  if (d.getUTCFullYear() !== year || d.getUTCMonth() !== month - 1 || d.getUTCDate() !== day) return null;
  return `${match[1]}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

const sizeUnits: Record<string, number> = {
  '': 1,
  b: 1,
  k: 1024,
  kb: 1024,
  m: 1024 ** 2,
  mb: 1024 ** 2,
  g: 1024 ** 3,
  gb: 1024 ** 3,
};
/** IMAP sizes are 32-bit numbers. */
export const searchMaxSize = 4_294_967_295;

/** `10M`, `2.5kb`, `300` (bytes) → bytes; null when unreadable or beyond an IMAP number. */
export function parseSize(text: string): number | null {
  const match = /^(\d{1,12}(?:\.\d{1,3})?)(b|k|kb|m|mb|g|gb)?$/i.exec(text);
  if (!match) return null;
  const bytes = Math.round(Number(match[1]) * sizeUnits[(match[2] ?? '').toLowerCase()]!);
  return bytes <= searchMaxSize ? bytes : null;
}
