/**
 * The search language, one parser for the search bar, the advanced form and the server: Gmail-like keywords
 * (`from: to: cc: subject: in: after: before: older: newer: older_than: newer_than: larger: smaller:
 * has:attachment is:unread is:read is:starred`), free words, `"exact phrases"`, `OR` between terms, `-term`
 * negation and parentheses. Words are ANDed; `OR` binds tighter than the implicit AND, as in Gmail
 * (`a b OR c` = a AND (b OR c)).
 *
 * User text never becomes syntax anywhere else: the server builds IMAP SEARCH criteria from the parsed tree, each
 * value sent as a quoted string or a literal. Control characters (CR, LF, NUL, …) separate words like spaces do,
 * so no value can carry one. `formatSearch` writes a tree back as text (advanced form ⇄ bar).
 */

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

/** While parsing, `in:` may still sit anywhere; only a top-level one becomes the scope. */
type ParseNode =
  | SearchTerm
  | { kind: 'in'; value: string; start: number; end: number }
  | { kind: 'and' | 'or'; items: ParseNode[] }
  | { kind: 'not'; item: ParseNode };

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

// Whitespace and every control character (CR, LF, NUL, …) separate words.
// eslint-disable-next-line no-control-regex
const separator = /[\s\u0000-\u001f\u007f\u0085\u2028\u2029]/;
// eslint-disable-next-line no-control-regex
const separators = /[\s\u0000-\u001f\u007f\u0085\u2028\u2029]+/g;
const keywordSet = new Set<string>(searchKeywords);

/** The inside of a phrase: separators become single spaces. */
const cleanPhrase = (text: string) => text.replace(separators, ' ').trim();

/** Splits the text into tokens; never fails (an unclosed quote runs to the end). */
export function searchTokens(text: string): SearchToken[] {
  const tokens: SearchToken[] = [];
  let i = 0;
  const quoted = (from: number) => {
    const close = text.indexOf('"', from + 1);
    const end = close < 0 ? text.length : close + 1;
    return { inner: text.slice(from + 1, close < 0 ? text.length : close), end };
  };
  while (i < text.length) {
    const c = text[i]!;
    if (separator.test(c)) {
      i += 1;
    } else if (c === '(' || c === ')') {
      tokens.push({ type: c === '(' ? 'lparen' : 'rparen', start: i, end: i + 1, value: c });
      i += 1;
    } else if (c === '"') {
      const { inner, end } = quoted(i);
      tokens.push({ type: 'phrase', start: i, end, value: cleanPhrase(inner), quoted: true });
      i = end;
    } else if (c === '-' && i + 1 < text.length && !separator.test(text[i + 1]!) && text[i + 1] !== ')') {
      tokens.push({ type: 'not', start: i, end: i + 1, value: '-' });
      i += 1;
    } else {
      let end = i;
      while (end < text.length && !separator.test(text[end]!) && !'()"'.includes(text[end]!)) end += 1;
      const word = text.slice(i, end);
      if (word === '-') {
        // A dash on its own (`a - b`) is punctuation, not a word to search for.
        i = end;
        continue;
      }
      const colon = word.indexOf(':');
      const name = colon > 0 ? word.slice(0, colon).toLowerCase() : '';
      if (colon > 0 && keywordSet.has(name)) {
        const keyword = name as SearchKeyword;
        if (colon === word.length - 1 && text[end] === '"') {
          const { inner, end: close } = quoted(end);
          tokens.push({
            type: 'keyword',
            keyword,
            start: i,
            end: close,
            value: cleanPhrase(inner),
            quoted: true,
          });
          i = close;
          continue;
        }
        tokens.push({ type: 'keyword', keyword, start: i, end, value: word.slice(colon + 1) });
      } else if (word === 'OR' || word === 'AND') {
        tokens.push({ type: word === 'OR' ? 'or' : 'and', start: i, end, value: word });
      } else {
        tokens.push({ type: 'word', start: i, end, value: word });
      }
      i = end;
    }
  }
  return tokens;
}

class Parser {
  private at = 0;
  private terms = 0;
  readonly errors: SearchError[] = [];

  constructor(private readonly tokens: SearchToken[]) {}

  private get token(): SearchToken | undefined {
    return this.tokens[this.at];
  }

  private fail(
    code: SearchErrorCode,
    token: { start: number; end: number } | undefined,
    params?: SearchError['params'],
  ) {
    const place = token ?? { start: 0, end: 0 };
    this.errors.push({ code, start: place.start, end: place.end, ...(params ? { params } : {}) });
  }

  /** Terms up to the end (top level) or the closing parenthesis of a group. */
  sequence(depth: number): ParseNode[] {
    const items: ParseNode[] = [];
    for (;;) {
      const token = this.token;
      if (!token) return items;
      if (token.type === 'rparen') {
        if (depth > 0) return items;
        this.fail('searchUnbalancedParentheses', token);
        this.at += 1;
        continue;
      }
      if (token.type === 'and') {
        this.at += 1;
        continue;
      }
      const node = this.orExpression(depth);
      // AND is associative: a group inside a sequence is flattened, so the tree has one shape per meaning.
      if (node?.kind === 'and') items.push(...node.items);
      else if (node) items.push(node);
    }
  }

  private startsOperand(token: SearchToken | undefined): boolean {
    return !!token && token.type !== 'rparen' && token.type !== 'or' && token.type !== 'and';
  }

  private orExpression(depth: number): ParseNode | null {
    const first = this.token!;
    if (first.type === 'or') {
      this.fail('searchOrWithoutTerm', first);
      this.at += 1;
      return null;
    }
    const items: ParseNode[] = [];
    const left = this.unary(depth);
    if (left) items.push(left);
    while (this.token?.type === 'or') {
      const or = this.token;
      this.at += 1;
      if (!this.startsOperand(this.token)) {
        this.fail('searchOrWithoutTerm', or);
        break;
      }
      const right = this.unary(depth);
      if (right) items.push(right);
    }
    if (items.length === 0) return null;
    if (items.length === 1) return items[0]!;
    return { kind: 'or', items: items.flatMap((item) => (item.kind === 'or' ? item.items : [item])) };
  }

  private unary(depth: number): ParseNode | null {
    const token = this.token!;
    if (depth > searchLimits.maxDepth) {
      this.fail('searchTooDeep', token, { max: searchLimits.maxDepth });
      this.at = this.tokens.length;
      return null;
    }
    if (token.type === 'not') {
      this.at += 1;
      if (!this.startsOperand(this.token)) {
        this.fail('searchNotWithoutTerm', token);
        return null;
      }
      const item = this.unary(depth + 1);
      return item ? { kind: 'not', item } : null;
    }
    if (token.type === 'lparen') {
      this.at += 1;
      const items = this.sequence(depth + 1);
      if (this.token?.type === 'rparen') this.at += 1;
      else this.fail('searchUnbalancedParentheses', token);
      if (items.length === 0) return null;
      return items.length === 1 ? items[0]! : { kind: 'and', items };
    }
    this.at += 1;
    this.terms += 1;
    if (this.terms === searchLimits.maxTerms + 1)
      this.fail('searchTooManyTerms', token, { max: searchLimits.maxTerms });
    return this.term(token);
  }

  private term(token: SearchToken): ParseNode | null {
    if (token.type === 'word' || token.type === 'phrase') {
      return token.value ? { kind: 'text', value: token.value, phrase: token.type === 'phrase' } : null;
    }
    const keyword = token.keyword!;
    const raw = token.value;
    if (raw === '') {
      this.fail('searchValueMissing', token, { keyword });
      return null;
    }
    const invalid = (code: SearchErrorCode) => {
      this.fail(code, token, { keyword });
      return null;
    };
    switch (keyword) {
      case 'from':
      case 'to':
      case 'cc':
      case 'subject':
        return { kind: keyword, value: raw, phrase: token.quoted === true };
      case 'in':
        return { kind: 'in', value: raw, start: token.start, end: token.end };
      case 'after':
      case 'newer':
      case 'before':
      case 'older': {
        const day = parseDate(raw);
        if (!day) return invalid('searchInvalidDate');
        return { kind: keyword === 'after' || keyword === 'newer' ? 'after' : 'before', date: day };
      }
      case 'older_than':
      case 'newer_than': {
        const match = /^(\d{1,6})([dmy])$/i.exec(raw);
        const amount = match ? Number(match[1]) : 0;
        const unit = (match?.[2]?.toLowerCase() ?? 'd') as PeriodUnit;
        if (!match || amount < 1 || amount * periodDays[unit] > 36_500) return invalid('searchInvalidPeriod');
        return { kind: keyword === 'older_than' ? 'olderThan' : 'newerThan', amount, unit };
      }
      case 'larger':
      case 'smaller': {
        const bytes = parseSize(raw);
        if (bytes === null) return invalid('searchInvalidSize');
        return { kind: keyword, bytes };
      }
      case 'has':
        return raw.toLowerCase() === 'attachment'
          ? { kind: 'has', value: 'attachment' }
          : invalid('searchInvalidValue');
      case 'is': {
        const v = raw.toLowerCase();
        return v === 'unread' || v === 'read' || v === 'starred'
          ? { kind: 'is', value: v }
          : invalid('searchInvalidValue');
      }
    }
  }
}

/** Days per period unit, for the sanity bound (100 years). */
const periodDays: Record<PeriodUnit, number> = { d: 1, m: 31, y: 366 };

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

/**
 * The scope: one `in:` among the top-level terms. An `in:` inside OR, NOT or parentheses cannot scope a search,
 * and a second one would contradict the first: both are errors.
 */
function liftScope(items: ParseNode[], errors: SearchError[]): { items: SearchNode[]; scope: string | null } {
  let scope: string | null = null;
  const kept: SearchNode[] = [];
  const place = (node: { start: number; end: number }) => ({ start: node.start, end: node.end });
  const nested = (node: ParseNode): SearchNode | null => {
    if (node.kind === 'in') {
      errors.push({ code: 'searchInNotAllowedHere', ...place(node) });
      return null;
    }
    if (node.kind === 'not') {
      const item = nested(node.item);
      return item ? { kind: 'not', item } : null;
    }
    if (node.kind === 'and' || node.kind === 'or') {
      const inner = node.items.map(nested).filter((n): n is SearchNode => n !== null);
      return node.kind === 'and' ? { kind: 'and', items: inner } : { kind: 'or', items: inner };
    }
    return node as SearchTerm;
  };
  for (const item of items) {
    if (item.kind === 'in') {
      if (scope !== null) errors.push({ code: 'searchInRepeated', ...place(item) });
      else scope = item.value;
      continue;
    }
    const node = nested(item);
    if (node) kept.push(node);
  }
  return { items: kept, scope };
}

/** Parses a query. Errors come with their place in the text; any error means no search. */
export function parseSearch(text: string): SearchParseResult {
  if (text.length > searchLimits.maxLength) {
    return {
      ok: false,
      errors: [
        { code: 'searchTooLong', start: 0, end: text.length, params: { max: searchLimits.maxLength } },
      ],
    };
  }
  const tokens = searchTokens(text);
  if (tokens.length === 0) return { ok: false, errors: [{ code: 'searchEmpty', start: 0, end: 0 }] };
  const parser = new Parser(tokens);
  const items = parser.sequence(0);
  const errors = [...parser.errors];
  const { items: kept, scope } = liftScope(items, errors);
  if (errors.length > 0) return { ok: false, errors: errors.sort((a, b) => a.start - b.start) };
  if (kept.length === 0 && scope === null)
    return { ok: false, errors: [{ code: 'searchEmpty', start: 0, end: text.length }] };
  return { ok: true, search: { root: { kind: 'and', items: kept }, scope } };
}

const needsQuotes = (v: string) =>
  v === '' || /[\s()"]/.test(v) || v === 'OR' || v === 'AND' || v.startsWith('-');
const quote = (v: string) => `"${v.replace(/"/g, '')}"`;
const valueText = (v: string, phrase = false) => (phrase || needsQuotes(v) ? quote(v) : v);
/** After `from:` the value is part of one token: `OR`, `AND` or a leading `-` there is a word, not syntax. */
const fieldText = (v: string, phrase: boolean) => (phrase || v === '' || /[\s()"]/.test(v) ? quote(v) : v);

/** `10485760` → `10M`, `2048` → `2K`, others in bytes. */
export function formatSize(bytes: number): string {
  if (bytes > 0 && bytes % 1024 ** 2 === 0) return `${bytes / 1024 ** 2}M`;
  if (bytes > 0 && bytes % 1024 === 0) return `${bytes / 1024}K`;
  return String(bytes);
}

function formatNode(node: SearchNode, inside: 'top' | 'or' | 'not'): string {
  switch (node.kind) {
    case 'text': {
      // A word that would read as a keyword (`from:x` typed as a word) is quoted, so it stays a word.
      const looksLikeKeyword =
        /^[a-z_]+:/i.test(node.value) && keywordSet.has(node.value.split(':')[0]!.toLowerCase());
      return node.phrase || looksLikeKeyword ? quote(node.value) : valueText(node.value);
    }
    case 'from':
    case 'to':
    case 'cc':
    case 'subject':
      return `${node.kind}:${fieldText(node.value, node.phrase)}`;
    case 'after':
    case 'before':
      return `${node.kind}:${node.date}`;
    case 'olderThan':
      return `older_than:${node.amount}${node.unit}`;
    case 'newerThan':
      return `newer_than:${node.amount}${node.unit}`;
    case 'larger':
    case 'smaller':
      return `${node.kind}:${formatSize(node.bytes)}`;
    case 'has':
      return 'has:attachment';
    case 'is':
      return `is:${node.value}`;
    case 'not':
      return `-${formatNode(node.item, 'not')}`;
    case 'or': {
      const text = node.items.map((item) => formatNode(item, 'or')).join(' OR ');
      return inside === 'not' ? `(${text})` : text;
    }
    case 'and': {
      // Only inside OR or NOT: a top-level sequence is the query itself.
      const text = node.items.map((item) => formatNode(item, 'top')).join(' ');
      return inside === 'top' ? text : `(${text})`;
    }
  }
}

/** The query as text; `parseSearch(formatSearch(s))` gives `s` back. The scope comes first. */
export function formatSearch(search: ParsedSearch): string {
  const parts = search.root.items.map((item) => formatNode(item, 'top'));
  if (search.scope !== null) parts.unshift(`in:${valueText(search.scope)}`);
  return parts.join(' ');
}

/**
 * The date `days` days before `now` as `YYYY-MM-DD`, on the calendar of `timeZone` (the user's time zone, not the
 * browser's): the "last 7 days" chip is `after:` this date.
 */
export function daysAgoInZone(now: Date, timeZone: string, days: number): string {
  const parts = new Intl.DateTimeFormat('en-CA', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  })
    .formatToParts(now)
    .reduce<Record<string, string>>((acc, part) => ({ ...acc, [part.type]: part.value }), {});
  const today = Date.UTC(Number(parts.year), Number(parts.month) - 1, Number(parts.day));
  return new Date(today - days * 86_400_000).toISOString().slice(0, 10);
}
