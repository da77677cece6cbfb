import {
  parseDate,
  parseSize,
  searchLimits,
  type PeriodUnit,
  type SearchError,
  type SearchErrorCode,
  type SearchNode,
  type SearchParseResult,
  type SearchTerm,
  type SearchToken,
} from './search-syntax.js';
import { searchTokens } from './search-tokens.js';

/** While parsing, `in:` may still sit anywhere; only a top-level one becomes the scope. */
type ParseNode =
  | SearchTerm
  | { kind: 'in'; value: string; start: number; end: number }
  | { kind: 'and' | 'or'; items: ParseNode[] }
  | { kind: 'not'; item: ParseNode };

/** Days per period unit, for the sanity bound (100 years). */
const periodDays: Record<PeriodUnit, number> = { d: 1, m: 31, y: 366 };

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
