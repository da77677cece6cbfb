import { composeLimits, isValidEmail, type Recipient } from '@webmail/contracts';

/**
 * A recipient as the composer shows it (a chip): every piece of typed or pasted text becomes a
 * chip, valid or invalid. Invalid chips stay visible so the user can fix them; they block sending and are
 * left out of what the server stores.
 */
export interface AddressChip {
  name: string;
  address: string;
  valid: boolean;
}

export function toChip(name: string, address: string): AddressChip {
  const cleanName = name.trim();
  const cleanAddress = address.trim();
  return {
    name: cleanName,
    address: cleanAddress,
    valid: isValidEmail(cleanAddress) && cleanName.length <= composeLimits.nameMaxLength,
  };
}

export function chipOf(recipient: Recipient): AddressChip {
  return toChip(recipient.name, recipient.address);
}

/** `Name <address>` for titles and editing; the bare address without a name. */
export function formatChip(chip: Pick<AddressChip, 'name' | 'address'>): string {
  if (!chip.name) return chip.address;
  const name = /[",;<>@]/.test(chip.name) ? `"${chip.name.replaceAll('"', "'")}"` : chip.name;
  return `${name} <${chip.address}>`;
}

const segmentSeparators = new Set([',', ';', '\n', '\r', '\t']);

/** Splits at commas, semicolons and line breaks that are not inside quotes or angle brackets. */
function segments(input: string): string[] {
  const result: string[] = [];
  let current = '';
  let quoted = false;
  let angle = false;
  for (const char of input) {
    if (char === '"' && !angle) quoted = !quoted;
    else if (char === '<' && !quoted) angle = true;
    else if (char === '>' && !quoted) angle = false;
    if (!quoted && !angle && segmentSeparators.has(char)) {
      result.push(current);
      current = '';
    } else current += char;
  }
  result.push(current);
  return result.map((s) => s.trim()).filter(Boolean);
}

/** `"Quoted name" <addr>`, `Plain Name <addr>`, `<addr>` or a bare word. */
const tokenPattern = /"([^"]*)"\s*<([^<>]*)>|([^<>"\s][^<>"]*?)?\s*<([^<>]*)>|(\S+)/g;

function chipsOfSegment(segment: string): AddressChip[] {
  const named: AddressChip[] = [];
  const bare: string[] = [];
  for (const match of segment.matchAll(tokenPattern)) {
    const [, quotedName, quotedAddress, plainName, plainAddress, word] = match;
    if (quotedAddress !== undefined) named.push(toChip(quotedName ?? '', quotedAddress));
    else if (plainAddress !== undefined) named.push(toChip(plainName ?? '', plainAddress));
    else if (word) bare.push(word.replace(/^"|"$/g, ''));
  }
  // "John Smith john@example.com": words before a single, last address are its name. Anything else splits.
  const addresses = bare.filter((w) => w.includes('@'));
  const last = bare[bare.length - 1];
  if (named.length === 0 && addresses.length === 1 && bare.length > 1 && last && last === addresses[0]) {
    return [toChip(bare.slice(0, -1).join(' '), last)];
  }
  return [...named, ...bare.map((word) => toChip('', word))];
}

/**
 * Typed or pasted text as chips (split as forwarding addresses are): separated by commas, semicolons, spaces and
 * line breaks, while `Name <address>` and `"Last, First" <address>` stay one recipient.
 */
export function parseAddresses(input: string): AddressChip[] {
  return segments(input).flatMap(chipsOfSegment);
}

/** Adds chips to a list, leaving out addresses it already holds (case-insensitively). */
export function addChips(list: AddressChip[], added: AddressChip[]): AddressChip[] {
  const seen = new Set(list.map((c) => c.address.toLowerCase()));
  const result = [...list];
  for (const chip of added) {
    const key = chip.address.toLowerCase();
    if (seen.has(key)) continue;
    seen.add(key);
    result.push(chip);
  }
  return result;
}

/**
 * Typed text with a comma or semicolon: the part before the last separator becomes chips, the rest stays in
 * the input (the user is still typing it).
 */
export function splitTyped(text: string): { chips: AddressChip[]; rest: string } | null {
  const last = Math.max(text.lastIndexOf(','), text.lastIndexOf(';'));
  if (last === -1) return null;
  const head = text.slice(0, last);
  // A separator inside quotes or angle brackets belongs to a name: wait for the recipient to be complete.
  if ((head.match(/"/g) ?? []).length % 2 === 1 || head.lastIndexOf('<') > head.lastIndexOf('>')) return null;
  return { chips: parseAddresses(head), rest: text.slice(last + 1).trimStart() };
}
