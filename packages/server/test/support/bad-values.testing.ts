import { createHash } from 'node:crypto';
import { resolverOf, type ApiDocument, type JsonSchema } from './api-document.testing.js';

/**
 * Bad values for one input field, generated from its schema. `violates`: the schema itself refuses the value, so
 * the answer must be 4xx; otherwise (hostile but well-typed text) the API may accept it, and must only never
 * answer 5xx or leak.
 */
export interface BadValue {
  label: string;
  value: unknown;
  violates: boolean;
}

/** Hostile text: each is a way a value has broken a parser, a header or an IMAP command somewhere. */
const hostileText: Record<string, string> = {
  huge: 'h'.repeat(100_000),
  unicode: 'Ünïcødé 🐙 \u202egnp.exe \u0301\uFEFF',
  nul: 'a\u0000b',
  crlf: 'a\r\nX-Injected: 1',
  'imap literal': '{5}\r\nhello',
  'imap literal+': 'x {3+}\r\nabc',
  quotes: `"'\`\\"\\`,
  traversal: '../../../../etc/passwd',
  'encoded traversal': '..%2f..%2f%2e%2e%2fetc',
  'malformed percent': '%E0%A4%A%zz%',
  'lone surrogate': 'a\uD800b',
};

function typeOf(s: JsonSchema): string | undefined {
  return Array.isArray(s.type) ? s.type.find((t) => t !== 'null') : s.type;
}

function nullable(s: JsonSchema): boolean {
  return (Array.isArray(s.type) && s.type.includes('null')) || !!s.anyOf?.some((o) => o.type === 'null');
}

/** Does a string break the schema's own rules (length, pattern, enum)? Format and refinements: not known here. */
function stringViolates(s: JsonSchema, value: string): boolean {
  const length = [...value].length;
  if (s.maxLength !== undefined && length > s.maxLength) return true;
  if (s.minLength !== undefined && length < s.minLength) return true;
  if (s.pattern && !new RegExp(s.pattern, 'u').test(value)) return true;
  if (s.enum && !s.enum.includes(value)) return true;
  if ('const' in s && s.const !== value) return true;
  return false;
}

function forString(s: JsonSchema, onWire: boolean): BadValue[] {
  // On the wire a huge value stays under Node's 16 KB header limit (beyond it Node closes the connection).
  const texts = { ...hostileText, huge: onWire ? 'h'.repeat(6000) : hostileText.huge! };
  const values: BadValue[] = Object.entries(texts).map(([label, value]) => ({
    label,
    value,
    violates: stringViolates(s, value),
  }));
  if (s.maxLength !== undefined) {
    values.push({ label: 'maxLength+1', value: 'l'.repeat(s.maxLength + 1), violates: true });
  }
  if (s.minLength !== undefined && s.minLength > 0) {
    values.push({ label: 'minLength-1', value: 'l'.repeat(s.minLength - 1), violates: true });
  }
  if (s.enum) values.push({ label: 'not in enum', value: 'no-such-value', violates: true });
  for (const text of ['-1', '1.5', '0x1', 'abc', '99999999999999999999']) {
    if (s.pattern) values.push({ label: `text ${text}`, value: text, violates: stringViolates(s, text) });
  }
  if (!onWire) {
    values.push({ label: 'number', value: 12345, violates: true });
    values.push({ label: 'object', value: { a: 1 }, violates: true });
    values.push({ label: 'array', value: ['a'], violates: true });
    if (!nullable(s)) values.push({ label: 'null', value: null, violates: true });
  }
  return values;
}

function forNumber(s: JsonSchema, integer: boolean): BadValue[] {
  const values: BadValue[] = [
    { label: 'string', value: 'abc', violates: true },
    { label: 'numeric string', value: '1', violates: true },
    { label: 'boolean', value: true, violates: true },
    { label: 'huge', value: 1e308, violates: s.maximum !== undefined },
    { label: 'object', value: {}, violates: true },
  ];
  if (integer) values.push({ label: 'fraction', value: 1.5, violates: true });
  if (s.minimum !== undefined) values.push({ label: 'minimum-1', value: s.minimum - 1, violates: true });
  if (s.maximum !== undefined) values.push({ label: 'maximum+1', value: s.maximum + 1, violates: true });
  if (!nullable(s)) values.push({ label: 'null', value: null, violates: true });
  return values;
}

function forOther(s: JsonSchema, type: string | undefined): BadValue[] {
  const values: BadValue[] = [
    { label: 'string', value: '{5}\r\nhello', violates: type !== undefined },
    { label: 'number', value: -1, violates: type !== undefined },
  ];
  if (type === 'boolean') values.push({ label: 'text true', value: 'true', violates: true });
  if (type === 'array') {
    values.push({ label: 'object', value: { 0: 'a' }, violates: true });
    if (s.maxItems !== undefined) {
      values.push({
        label: 'maxItems+1',
        value: Array(s.maxItems + 1).fill(s.items?.type === 'string' ? 'a' : 1),
        violates: true,
      });
    }
    values.push({
      label: 'array of hostile text',
      value: [hostileText.crlf, hostileText['imap literal']],
      violates: false,
    });
  }
  if (type === 'object') values.push({ label: 'array', value: [], violates: true });
  if (!nullable(s) && type !== undefined) values.push({ label: 'null', value: null, violates: true });
  return values;
}

/** Every bad value of a field. `onWire`: a path or query value (text only). */
export function badValuesOf(document: ApiDocument, schema: JsonSchema, onWire: boolean): BadValue[] {
  const s = resolverOf(document)(schema);
  const options = s.anyOf ?? s.oneOf;
  const plain = options
    ? {
        ...(options.find((o) => o.type !== 'null') ?? {}),
        ...(nullable(s)
          ? { type: [typeOf(options.find((o) => o.type !== 'null') ?? {}) ?? 'string', 'null'] }
          : {}),
      }
    : s;
  const resolved = resolverOf(document)(plain as JsonSchema);
  const type = typeOf(resolved);
  if (onWire || type === 'string') return forString(resolved, onWire);
  if (type === 'integer' || type === 'number') return forNumber(resolved, type === 'integer');
  return forOther(resolved, type);
}

/**
 * A deterministic pick of `count` values (always the schema violations first in line with the others, chosen by
 * the seed and the field's name), so a run is repeatable and a new seed tries other combinations.
 */
export function pick(values: BadValue[], count: number, key: string, seed: string): BadValue[] {
  const rank = (v: BadValue) => createHash('sha256').update(`${seed}:${key}:${v.label}`).digest('hex');
  const sorted = [...values].sort((a, b) => rank(a).localeCompare(rank(b)));
  const chosen = [...sorted.filter((v) => v.violates).slice(0, Math.ceil(count / 2))];
  for (const v of sorted) if (chosen.length < count && !chosen.includes(v)) chosen.push(v);
  return chosen;
}
