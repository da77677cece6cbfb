/**
 * Sieve source pieces: strings, and the `text` criterion's little query language (docs/filters.md: words separated
 * by spaces or commas are ANDed, an uppercase ` OR ` separates alternatives, `"…"` is an exact phrase).
 */

/** The variable that holds a literal `$` (set at the top of every script). */
export const dollarVariable = 'wm_dollar';

/**
 * A Sieve quoted string. Only `"` and `\` need escaping in Sieve itself, but with the `variables` extension every
 * `${name}` in any string is replaced: a `$` the user typed would otherwise read a variable (or a match group).
 * Each `$` becomes `${wm_dollar}`, which expands to `$`; expansion is not recursive, so `${x}` typed by the user
 * stays `${x}`.
 */
export function sieveString(value: string): string {
  const escaped = value.replace(/[\\"]/g, (c) => `\\${c}`).replace(/\$/g, `\${${dollarVariable}}`);
  return `"${escaped}"`;
}

/** A string list `["a", "b"]`. */
export function sieveList(values: readonly string[]): string {
  return values.length === 1 ? sieveString(values[0]!) : `[${values.map(sieveString).join(', ')}]`;
}

/**
 * The `text` criterion as alternatives, each a list of terms that must all occur. `a b OR "c d", e` gives
 * `[[a, b], [c d, e]]`. Empty terms are dropped; a text with no terms gives `[]`.
 */
export function parseTextQuery(text: string): string[][] {
  const alternatives: string[][] = [[]];
  const pattern = /"([^"]*)"?|([^\s,"]+)/g;
  for (const match of text.matchAll(pattern)) {
    if (match[2] === 'OR') {
      alternatives.push([]);
      continue;
    }
    const term = (match[1] ?? match[2] ?? '').trim();
    if (term) alternatives[alternatives.length - 1]!.push(term);
  }
  return alternatives.filter((terms) => terms.length > 0);
}

/** A List-Id criterion: the part inside `<…>` when the user gave the whole header value. */
export function listIdKey(value: string): string {
  const inside = /<([^>]*)>/.exec(value);
  return (inside ? inside[1]! : value).trim();
}
