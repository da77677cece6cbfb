import type { ParsedSearch, SearchNode } from './search-syntax.js';
import { keywordSet } from './search-tokens.js';

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
