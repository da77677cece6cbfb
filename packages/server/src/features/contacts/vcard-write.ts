import { randomUUID } from 'node:crypto';
import ICAL from 'ical.js';
import type { ContactFields, Labelled } from './contact-fields.js';

/** vCard writing: the stored vCard 4 of a contact, and the same card as served with its photo and groups. */

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
