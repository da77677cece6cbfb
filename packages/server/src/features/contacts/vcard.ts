import { randomUUID } from 'node:crypto';
import ICAL from 'ical.js';
import { decode as decodeQuotedPrintable } from 'libqp';
import { contactLimits } from '@webmail/contracts';
import type { ContactFields, Labelled } from './contact-fields.js';

/**
 * vCard reading and writing. Parsing is ical.js's (RFC 6350 and the vCard 3 design: folding, escaping, the
 * structured N/ORG values, binary PHOTO). What ical.js does not read is vCard 2.1 as phones and old Outlook still
 * export it: quoted-printable values with `=` soft line breaks, bare TYPE parameters (`EMAIL;INTERNET;HOME:`)
 * and `ENCODING=BASE64`. `legacyToVcard3` rewrites just those lines before ical.js sees them.
 */

/** Properties the webmail writes itself; every other property of an imported card is kept. */
const managed = new Set([
  'version',
  'prodid',
  'uid',
  'fn',
  'email',
  'tel',
  'org',
  'note',
  'rev',
  'photo',
  'categories',
  'kind',
  'member',
]);
/** Kept from imports where present (what a contact page elsewhere would show); the rest is dropped. */
const kept = new Set([
  'n',
  'nickname',
  'bday',
  'anniversary',
  'adr',
  'title',
  'role',
  'url',
  'gender',
  'lang',
  'tz',
  'geo',
  'impp',
]);
/** More properties of one name than this in one card is no contact but garbage (or an attack on the parser). */
const maxPropertiesOfOneName = 200;
const ignoredTypes = new Set(['internet', 'pref', 'x400', 'voice', 'x-internet']);

export interface ParsedCard {
  /** 1-based line of the file where the card begins. */
  line: number;
  uid: string | null;
  kind: 'individual' | 'group';
  fields: ContactFields;
  /** Group names (CATEGORIES). */
  categories: string[];
  /** KIND:group: the members' UIDs (MEMBER:urn:uuid:…). */
  members: string[];
  photo: Buffer | null;
  /** The properties kept as they came, to be written back into the stored vCard. */
  extra: unknown[];
}

export type CardProblemReason =
  'malformedCard' | 'noNameOrEmail' | 'tooManyValues' | 'valueTooLong' | 'invalidPhoto';

export interface CardProblem {
  line: number;
  reason: CardProblemReason;
  message: string;
}

/** Every card of a file, each parsed on its own so one broken card does not lose the others. */
export function parseVcards(text: string): { cards: ParsedCard[]; problems: CardProblem[] } {
  const cards: ParsedCard[] = [];
  const problems: CardProblem[] = [];
  for (const block of splitCards(text)) {
    try {
      cards.push(parseCard(block.text, block.line));
    } catch (err) {
      if (err instanceof CardError)
        problems.push({ line: block.line, reason: err.reason, message: err.message });
      else
        problems.push({
          line: block.line,
          reason: 'malformedCard',
          message: `The card could not be read: ${(err as Error).message}`,
        });
    }
  }
  return { cards, problems };
}

/** Whether a file looks like vCards (for `type: auto`). */
export const looksLikeVcard = (text: string) => /^\s*BEGIN:VCARD\s*$/im.test(text.slice(0, 4096));

class CardError extends Error {
  constructor(
    readonly reason: CardProblemReason,
    message: string,
  ) {
    super(message);
  }
}

/**
 * Any line break real exporters write: CRLF, LF, a lone CR (old Mac), and CR CR LF (iPhone exports), mixed
 * freely in one file. One break each, so folded lines unfold and line numbers count as an editor shows them.
 */
const lineBreak = /\r*\n|\r/;

/**
 * BEGIN:VCARD … END:VCARD blocks with the line each begins on (a block without its END is one too). Blank lines
 * inside a card mean nothing in vCard and are left out (exporters that double their line breaks write them).
 */
function splitCards(text: string): Array<{ line: number; text: string }> {
  const lines = text.replace(/^\uFEFF/, '').split(lineBreak);
  const blocks: Array<{ line: number; text: string }> = [];
  let current: { line: number; lines: string[] } | null = null;
  lines.forEach((raw, index) => {
    const upper = raw.trim().toUpperCase();
    if (upper === 'BEGIN:VCARD') {
      if (current) blocks.push({ line: current.line, text: current.lines.join('\r\n') });
      current = { line: index + 1, lines: [raw.trim()] };
    } else if (current && raw.trim() !== '') {
      current.lines.push(raw);
      if (upper === 'END:VCARD') {
        blocks.push({ line: current.line, text: current.lines.join('\r\n') + '\r\n' });
        current = null;
      }
    }
  });
  if (current)
    blocks.push({
      line: (current as { line: number }).line,
      text: (current as { lines: string[] }).lines.join('\r\n'),
    });
  return blocks;
}

function parseCard(text: string, line: number): ParsedCard {
  if (!/\r\nEND:VCARD\r\n$/i.test(text))
    throw new CardError('malformedCard', 'The card has no END:VCARD line');
  const jcal = ICAL.parse(legacyToVcard3(text));
  const component = new ICAL.Component(Array.isArray(jcal[0]) ? (jcal[0] as unknown[]) : jcal);
  if (component.name !== 'vcard') throw new CardError('malformedCard', 'Not a vCard');
  const properties = component.getAllProperties();
  const counts = new Map<string, number>();
  for (const p of properties) counts.set(p.name, (counts.get(p.name) ?? 0) + 1);
  for (const [name, count] of counts) {
    if (count > maxPropertiesOfOneName)
      throw new CardError(
        'tooManyValues',
        `The card has ${count} ${name.toUpperCase()} lines (at most ${maxPropertiesOfOneName})`,
      );
  }
  const labels = appleLabels(properties);
  const emails = component
    .getAllProperties('email')
    .map((p) => ({ value: textOf(p).trim(), label: labelOf(p, labels) }))
    .filter((e) => e.value);
  const phones = component
    .getAllProperties('tel')
    .map((p) => ({ value: textOf(p).replace(/^tel:/i, '').trim(), label: labelOf(p, labels) }))
    .filter((e) => e.value);
  const fullName = (
    textOf(component.getFirstProperty('fn')) || nameFromN(component.getFirstProperty('n'))
  ).trim();
  const organization = structured(component.getFirstProperty('org')).filter(Boolean).join(', ').trim();
  const notes = component
    .getAllProperties('note')
    .map((p) => textOf(p))
    .join('\n')
    .trim();
  const kind = textOf(component.getFirstProperty('kind')).toLowerCase() === 'group' ? 'group' : 'individual';
  const fields = { fullName, emails, phones, organization, notes };
  if (kind === 'individual') checkLimits(fields);
  return {
    line,
    uid: textOf(component.getFirstProperty('uid')).trim().slice(0, 255) || null,
    kind,
    fields,
    categories: component
      .getAllProperties('categories')
      .flatMap((p) => p.getValues().map(String))
      .map((c) => c.trim())
      .filter(Boolean),
    members: component.getAllProperties('member').map((p) => textOf(p).trim()),
    photo: photoOf(component.getFirstProperty('photo')),
    extra: properties
      .filter((p) => kept.has(p.name) || (p.name.startsWith('x-') && !p.getParameter('group')))
      .map((p) => p.toJSON()),
  };
}

function checkLimits(fields: ContactFields): void {
  if (!fields.fullName && fields.emails.length === 0)
    throw new CardError('noNameOrEmail', 'The card has neither a name nor an e-mail address');
  if (fields.emails.length > contactLimits.emailsMax)
    throw new CardError(
      'tooManyValues',
      `The card has ${fields.emails.length} e-mail addresses (at most ${contactLimits.emailsMax})`,
    );
  if (fields.phones.length > contactLimits.phonesMax)
    throw new CardError(
      'tooManyValues',
      `The card has ${fields.phones.length} phone numbers (at most ${contactLimits.phonesMax})`,
    );
  if (fields.fullName.length > contactLimits.fullNameMax)
    throw new CardError('valueTooLong', `The name is longer than ${contactLimits.fullNameMax} characters`);
  if (fields.organization.length > contactLimits.organizationMax)
    throw new CardError(
      'valueTooLong',
      `The organisation is longer than ${contactLimits.organizationMax} characters`,
    );
  if (fields.notes.length > contactLimits.notesMax)
    throw new CardError('valueTooLong', `The notes are longer than ${contactLimits.notesMax} characters`);
  if (fields.phones.some((p) => p.value.length > contactLimits.phoneMax))
    throw new CardError('valueTooLong', `A phone number is longer than ${contactLimits.phoneMax} characters`);
}

type Property = ICAL.Property;

function textOf(p: Property | null): string {
  if (!p) return '';
  const value = p.getFirstValue();
  if (value === null || value === undefined) return '';
  return Array.isArray(value) ? value.join(' ') : String(value);
}

function structured(p: Property | null): string[] {
  if (!p) return [];
  const value = p.getFirstValue();
  return (Array.isArray(value) ? value.flat() : [value]).map((v) => String(v ?? '').trim());
}

/** "Given Additional Family" from N (family;given;additional;prefix;suffix) when a card has no FN. */
function nameFromN(p: Property | null): string {
  const [family = '', given = '', additional = '', prefix = '', suffix = ''] = structured(p);
  return [prefix, given, additional, family, suffix].filter(Boolean).join(' ');
}

/** Apple's labels: `item1.EMAIL:…` with `item1.X-ABLabel:_$!<Work>!$_` (or any text). */
function appleLabels(properties: Property[]): Map<string, string> {
  const labels = new Map<string, string>();
  for (const p of properties) {
    const group = p.getParameter('group');
    if (p.name === 'x-ablabel' && typeof group === 'string')
      labels.set(
        group,
        textOf(p)
          .replace(/^_\$!<(.*)>!\$_$/, '$1')
          .toLowerCase(),
      );
  }
  return labels;
}

function labelOf(p: Property, labels: Map<string, string>): string {
  const group = p.getParameter('group');
  if (typeof group === 'string' && labels.has(group))
    return labels.get(group)!.slice(0, contactLimits.labelMax);
  const types = ([] as unknown[])
    .concat(p.getParameter('type') ?? [])
    .flatMap((t) => String(t).split(','))
    .map((t) => t.trim().toLowerCase())
    .filter((t) => t && !ignoredTypes.has(t));
  const type = types[0] ?? '';
  return (type === 'cell' ? 'mobile' : type).slice(0, contactLimits.labelMax);
}

/** PHOTO as bytes: vCard 4 `data:` URI, vCard 3 `ENCODING=b` binary. URLs are not fetched (no outside requests). */
function photoOf(p: Property | null): Buffer | null {
  if (!p) return null;
  const raw = p.toJSON()[3];
  if (typeof raw !== 'string') return null;
  const data = /^data:[^,]*;base64,(.*)$/is.exec(raw.trim());
  if (data) return Buffer.from(data[1]!.replace(/\s/g, ''), 'base64');
  const encoding = String(p.getParameter('encoding') ?? '').toLowerCase();
  if (encoding === 'b' || encoding === 'base64' || p.type === 'binary')
    return Buffer.from(raw.replace(/\s/g, ''), 'base64');
  return null;
}

/**
 * vCard 2.1 lines in the form ical.js reads: quoted-printable values decoded (soft line breaks joined, the
 * CHARSET applied), bare parameters named TYPE, `ENCODING=BASE64` as `b`.
 */
export function legacyToVcard3(text: string): string {
  const lines = text.split('\r\n');
  const out: string[] = [];
  for (let i = 0; i < lines.length; i++) {
    let line = lines[i]!;
    const colon = propertyColon(line);
    if (colon < 0) {
      out.push(line);
      continue;
    }
    let head = line.slice(0, colon);
    if (!head.includes(';')) {
      out.push(line);
      continue;
    }
    const [name, ...params] = head.split(';');
    const qp = params.some(
      (x) => /^encoding=quoted-printable$/i.test(x.trim()) || /^quoted-printable$/i.test(x.trim()),
    );
    let value = line.slice(colon + 1);
    if (qp) {
      while (value.endsWith('=') && i + 1 < lines.length) value = value.slice(0, -1) + lines[++i]!;
      const charset = params.find((x) => /^charset=/i.test(x))?.split('=')[1] ?? 'utf-8';
      value = decodeText(decodeQuotedPrintable(value), charset).replace(/\r\n|\n|\r/g, '\\n');
    }
    const kept = params
      .filter((x) => !/^(encoding=)?quoted-printable$/i.test(x.trim()) && !/^charset=/i.test(x.trim()))
      .map((x) =>
        x.includes('=')
          ? x.replace(/^encoding=base64$/i, 'ENCODING=b')
          : /^base64$/i.test(x)
            ? 'ENCODING=b'
            : `TYPE=${x}`,
      );
    head = [name, ...kept].join(';');
    line = `${head}:${value}`;
    out.push(line);
  }
  return out.join('\r\n');
}

/** Where the property's value begins: the first colon outside a quoted parameter value. */
function propertyColon(line: string): number {
  if (/^\s/.test(line)) return -1;
  let quoted = false;
  for (let i = 0; i < line.length; i++) {
    const c = line[i];
    if (c === '"') quoted = !quoted;
    else if (c === ':' && !quoted) return i;
  }
  return -1;
}

function decodeText(bytes: Buffer, charset: string): string {
  try {
    return new TextDecoder(charset.trim().toLowerCase()).decode(bytes);
  } catch {
    return bytes.toString('utf8');
  }
}

export const newUid = () => `urn:uuid:${randomUUID()}`;

export interface VcardWriteInput {
  uid: string;
  fields: ContactFields;
  extra: unknown[];
  updatedAt: number;
}

/** The stored vCard 4 of a contact (without PHOTO and CATEGORIES, which are added when it is served). */
export function writeVcard(input: VcardWriteInput): string {
  const card = new ICAL.Component('vcard');
  add(card, 'version', '4.0');
  add(card, 'prodid', '-//Webmail//Contacts//EN');
  add(card, 'uid', input.uid);
  add(card, 'fn', input.fields.fullName || input.fields.emails[0]?.value || '');
  for (const raw of input.extra) {
    try {
      card.addProperty(new ICAL.Property(raw as never, card));
    } catch {
      // A property ical.js cannot write back is dropped rather than failing the contact.
    }
  }
  addLabelled(card, 'email', input.fields.emails);
  addLabelled(card, 'tel', input.fields.phones);
  if (input.fields.organization) {
    // ORG is structured (name;unit;…): written as one component, a `;` in the name is escaped, not a unit.
    const org = new ICAL.Property('org', card);
    org.setValue([input.fields.organization] as never);
    card.addProperty(org);
  }
  if (input.fields.notes) add(card, 'note', input.fields.notes);
  card.addProperty(new ICAL.Property(['rev', {}, 'timestamp', revOf(input.updatedAt)], card));
  return card.toString() + '\r\n';
}

/**
 * A property made with its card as parent, so it takes the vCard design's value types (made alone, ical.js
 * gives it iCalendar's and writes `VALUE=TEXT` or escapes a URI's comma).
 */
function add(card: ICAL.Component, name: string, value: string): ICAL.Property {
  const p = new ICAL.Property(name, card);
  p.setValue(value);
  card.addProperty(p);
  return p;
}

function addLabelled(card: ICAL.Component, name: string, values: Labelled[]): void {
  for (const v of values) {
    const p = add(card, name, v.value);
    if (v.label) p.setParameter('type', v.label === 'mobile' ? 'cell' : v.label);
  }
}

const revOf = (ms: number) => new Date(ms).toISOString().replace(/\.\d{3}Z$/, 'Z');

/** The extra properties a stored vCard keeps (to write them back after an edit). */
export function extraOf(vcard: string): unknown[] {
  try {
    const component = new ICAL.Component(ICAL.parse(vcard));
    return component
      .getAllProperties()
      .filter((p) => !managed.has(p.name))
      .map((p) => p.toJSON());
  } catch {
    return [];
  }
}

/** A stored vCard as served: PHOTO (a `data:` URI) and CATEGORIES (group names) added. */
export function servedVcard(
  vcard: string,
  extras: { photo?: { type: string; data: Buffer }; categories: string[] },
): string {
  const component = new ICAL.Component(ICAL.parse(vcard));
  if (extras.categories.length > 0) {
    const p = new ICAL.Property('categories', component);
    p.setValues(extras.categories);
    component.addProperty(p);
  }
  let text = component.toString() + '\r\n';
  if (extras.photo) {
    // ical.js's vCard 4 design writes URI values as text and so escapes the comma of a `data:` URI (a bug);
    // the line is therefore folded by ical.js's own helper and put in place as it is.
    const line = `PHOTO:data:${extras.photo.type};base64,${extras.photo.data.toString('base64')}`;
    text = text.replace(/END:VCARD\r\n$/, `${ICAL.helpers.foldline(line)}\r\nEND:VCARD\r\n`);
  }
  return text;
}
