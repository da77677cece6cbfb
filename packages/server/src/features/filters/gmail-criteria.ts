import { parseSearch, searchTokens, type FilterQuery, type SearchNode } from '@webmail/contracts';

/**
 * Gmail's filter criteria (`from`, `to`, `subject`, `hasTheWord`) are Gmail search syntax. They are read with the
 * search bar's own parser (contracts' `parseSearch`) and mapped to our query only where the meaning stays the
 * same; anything else makes the entry unsupported, with the reason, so no filter is imported to mean something
 * else. What maps: words and "phrases" (ANDed; an OR of them, distributed into our `text` alternatives),
 * `from:`/`to:`/`subject:` (one substring each; one that contains the other keeps the longer), `list:x` /
 * `list:(x)` / `list:"x"`, `has:attachment`, `larger:`/`smaller:`. What does not: negation (`-x`), `cc:` (our `to`
 * also matches To and Delivered-To), `{…}` OR groups, any other `name:` operator (`bcc:`, `replyto:`, `label:` …),
 * dates, `is:`, `in:`, an OR over anything but words, a second size or list.
 */

export type CriteriaResult = { ok: true; query: FilterQuery } | { ok: false; reason: string };

type Terms = string[];

/** Our text alternatives stop being readable (and the script grows) past this many. */
const maxAlternatives = 16;

class Unsupported extends Error {}
const fail = (reason: string): never => {
  throw new Unsupported(reason);
};

/** The criteria properties of one entry as our query, or why they cannot be one. */
export function gmailCriteria(props: {
  from?: string;
  to?: string;
  subject?: string;
  hasTheWord?: string;
}): CriteriaResult {
  try {
    const query: FilterQuery = {};
    for (const key of ['from', 'to', 'subject'] as const) {
      const value = props[key]?.trim();
      if (value) setHeader(query, key, fieldValue(key, value));
    }
    if (props.hasTheWord?.trim()) words(query, props.hasTheWord);
    return { ok: true, query };
  } catch (err) {
    if (err instanceof Unsupported) return { ok: false, reason: err.message };
    throw err;
  }
}

/**
 * A `from`/`to`/`subject` property: Gmail reads it as `from:(value)`. One word or phrase is our substring; several
 * plain words become one substring of the words in the given order (Gmail would accept any order).
 */
function fieldValue(key: string, value: string): string {
  const parsed = parseSearch(value);
  if (!parsed.ok || parsed.search.scope !== null) return fail(`${key}: cannot be read as Gmail search`);
  // A word like `Re:` or `Fwd:` is text here; Gmail's OR groups and search keywords are not.
  return parsed.search.root.items
    .map((node) => {
      if (node.kind !== 'text' || /[{}]/.test(node.value))
        return fail(`${key}: operators (${describe(node)})`);
      return node.value;
    })
    .join(' ');
}

function setHeader(query: FilterQuery, key: 'from' | 'to' | 'subject' | 'listId', value: string) {
  const had = query[key];
  if (!had) {
    query[key] = value;
    return;
  }
  // Both must match: when one contains the other, the longer says both; otherwise our one substring cannot.
  const [a, b] = [had.toLowerCase(), value.toLowerCase()];
  if (a.includes(b)) return;
  if (b.includes(a)) query[key] = value;
  else fail(`two different ${key} criteria`);
}

/**
 * Gmail writes `from:(x)`, `subject:("a b")`; the bar's parser wants `from:x`. One word or phrase in the
 * parentheses is rewritten so; more (`subject:(a b)`: both words, in any order) is left to be refused.
 */
function keywordGroups(text: string): string {
  const tokens = searchTokens(text);
  const edits: Array<{ start: number; end: number; text: string }> = [];
  tokens.forEach((token, i) => {
    const [open, inner, close] = [tokens[i + 1], tokens[i + 2], tokens[i + 3]];
    if (token.type !== 'keyword' || token.value !== '' || token.quoted || open?.type !== 'lparen') return;
    if ((inner?.type === 'word' || inner?.type === 'phrase') && close?.type === 'rparen')
      edits.push({ start: token.start, end: close.end, text: `${token.keyword}:"${inner.value}"` });
  });
  let out = text;
  for (const edit of edits.reverse()) out = `${out.slice(0, edit.start)}${edit.text}${out.slice(edit.end)}`;
  return out;
}

/** `list:` is no search-bar keyword: its tokens are taken out first, the rest is parsed as the bar does. */
function words(query: FilterQuery, source: string) {
  const text = keywordGroups(source);
  const tokens = searchTokens(text);
  const cut: Array<[number, number]> = [];
  tokens.forEach((token, i) => {
    if (token.type !== 'word' || !/^list:/i.test(token.value)) return;
    const before = tokens[i - 1];
    if (before?.type === 'not' || before?.type === 'or' || tokens[i + 1]?.type === 'or')
      fail('hasTheWord: list: negated or in an OR');
    const inline = token.value.slice(5);
    if (inline) {
      if (/[{}]/.test(inline)) fail('hasTheWord: list:{…} (an OR of lists)');
      setHeader(query, 'listId', inline);
      cut.push([token.start, token.end]);
      return;
    }
    const [open, inner, close] = [tokens[i + 1], tokens[i + 2], tokens[i + 3]];
    if (open?.type === 'phrase') {
      setHeader(query, 'listId', open.value);
      cut.push([token.start, open.end]);
    } else if (
      open?.type === 'lparen' &&
      (inner?.type === 'word' || inner?.type === 'phrase') &&
      close?.type === 'rparen' &&
      !/[{}]/.test(inner.value)
    ) {
      setHeader(query, 'listId', inner.value);
      cut.push([token.start, close.end]);
    } else fail('hasTheWord: list: with more than one list');
  });
  let rest = text;
  for (const [start, end] of cut.reverse()) rest = `${rest.slice(0, start)} ${rest.slice(end)}`;
  if (!rest.trim()) return;
  const parsed = parseSearch(rest);
  if (!parsed.ok) return fail(`hasTheWord: cannot be read as Gmail search (${parsed.errors[0]!.code})`);
  if (parsed.search.scope !== null) return fail('hasTheWord: in:');
  const all: Terms = [];
  const groups: Terms[][] = [];
  for (const node of parsed.search.root.items) {
    if (node.kind === 'or') groups.push(node.items.map(textTerms));
    else if (node.kind === 'text') all.push(...textTerms(node));
    else criterion(query, node);
  }
  if (all.length > 0 || groups.length > 0) query.text = formatText(distribute(all, groups));
}

/** A Gmail operator we do not know, written as a word (`bcc:x`, `replyto:x`, `{a`, `AROUND`, `+word`). */
const isOperatorWord = (node: SearchNode): boolean =>
  node.kind === 'text' &&
  !node.phrase &&
  (/^[a-z_]+:/i.test(node.value) ||
    /[{}]/.test(node.value) ||
    node.value === 'AROUND' ||
    /^\+/.test(node.value));

function describe(node: SearchNode): string {
  if (node.kind === 'text') return isOperatorWord(node) ? node.value.replace(/:.*$/, ':') : 'words';
  if (node.kind === 'not') return `-${describe(node.item)}`;
  return node.kind === 'or' || node.kind === 'and' ? node.kind.toUpperCase() : `${node.kind}:`;
}

/** Words or phrases, ANDed (a parenthesised group inside an OR); anything else is unsupported. */
function textTerms(node: SearchNode): Terms {
  if (node.kind === 'and') return node.items.flatMap(textTerms);
  if (node.kind !== 'text' || isOperatorWord(node))
    return fail(`hasTheWord: ${describe(node)}${node.kind === 'not' ? ' (negation)' : ''}`);
  return [node.value];
}

function criterion(query: FilterQuery, node: SearchNode) {
  switch (node.kind) {
    case 'from':
    case 'to':
    case 'subject':
      return setHeader(query, node.kind, node.value);
    case 'has':
      query.ha = true;
      return;
    case 'larger':
    case 'smaller': {
      const size = node.kind === 'larger' ? node.bytes : -node.bytes;
      if (query.size && query.size !== size) fail('hasTheWord: a second size');
      query.size = size;
      return;
    }
    default:
      fail(`hasTheWord: ${describe(node)}${node.kind === 'not' ? ' (negation)' : ''}`);
  }
}

/** `a (b OR c)` → `[[a, b], [a, c]]`: our text is an OR of ANDs. */
function distribute(all: Terms, groups: Terms[][]): Terms[] {
  let alternatives: Terms[] = [all];
  for (const group of groups) {
    alternatives = alternatives.flatMap((terms) => group.map((choice) => [...terms, ...choice]));
    if (alternatives.length > maxAlternatives) fail('hasTheWord: too many OR combinations');
  }
  return alternatives;
}

/** Our text language: terms by spaces, alternatives by ` OR `, a term with a space or comma as a phrase. */
export function formatText(alternatives: Terms[]): string {
  const term = (t: string) => (/[\s,]/.test(t) || t === 'OR' ? `"${t}"` : t);
  return alternatives.map((terms) => terms.map(term).join(' ')).join(' OR ');
}
