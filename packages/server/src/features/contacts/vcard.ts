import ICAL from 'ical.js';
import { contactLimits } from '@webmail/contracts';
import type { ContactFields } from './contact-fields.js';
import { legacyToVcard3 } from './vcard-legacy.js';

/**
 * vCard reading (writing: `vcard-write.ts`). Parsing is ical.js's (RFC 6350 and the vCard 3 design: folding, escaping, the
 * structured N/ORG values, binary PHOTO). What ical.js does not read is vCard 2.1 as phones and old Outlook still
 * export it: quoted-printable values with `=` soft line breaks, bare TYPE parameters (`EMAIL;INTERNET;HOME:`)
 * and `ENCODING=BASE64`. `legacyToVcard3` rewrites just those lines before ical.js sees them.
 */

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
