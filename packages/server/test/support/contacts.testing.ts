import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import type { Contact } from '@webmail/contracts';
import type { TestClient, TestResponse } from './http-client.testing.js';

const fixtureDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../contacts/fixtures');

/** A fixture file of test/contacts/fixtures. */
export const contactFixture = (name: string) => readFileSync(path.join(fixtureDir, name));

export type FormValue = string | { data: Buffer | Uint8Array; filename: string; type: string };

/**
 * Sends a multipart form as the browser does (FormData), with the client's cookies and XSRF token.
 * `override` sends it as POST with `X-HTTP-Method-Override` (as the web sends a multipart PATCH).
 */
export async function sendForm<T = unknown>(
  client: TestClient,
  method: string,
  url: string,
  values: Record<string, FormValue>,
  options: { override?: string; query?: string } = {},
): Promise<TestResponse<T>> {
  const form = new FormData();
  for (const [key, value] of Object.entries(values)) {
    if (typeof value === 'string') form.append(key, value);
    else form.append(key, new Blob([new Uint8Array(value.data)], { type: value.type }), value.filename);
  }
  const headers: Record<string, string> = {
    cookie: [...client.cookies].map(([k, v]) => `${k}=${v.value}`).join('; '),
    'accept-language': 'en',
  };
  if (client.xsrf) headers['x-xsrf-token'] = client.xsrf;
  if (options.override) headers['x-http-method-override'] = options.override;
  const res = await fetch(client.baseUrl + url + (options.query ?? ''), { method, headers, body: form });
  const raw = Buffer.from(await res.arrayBuffer());
  const isJson = res.headers.get('content-type')?.includes('application/json');
  const body = (isJson && raw.length ? JSON.parse(raw.toString('utf8')) : raw.toString('utf8')) as T;
  return { status: res.status, headers: res.headers, body, raw, setCookies: [] };
}

/** Contact form fields in the nested notation the web sends (`emails[0][value]`). */
export function contactForm(contact: {
  fullName?: string;
  emails?: Array<{ value: string; label?: string }>;
  groups?: string[];
  addressBookId?: string;
  organization?: string;
}): Record<string, string> {
  const fields: Record<string, string> = {};
  if (contact.fullName !== undefined) fields.fullName = contact.fullName;
  if (contact.organization !== undefined) fields.organization = contact.organization;
  if (contact.addressBookId) fields.addressBookId = contact.addressBookId;
  contact.emails?.forEach((e, i) => {
    fields[`emails[${i}][value]`] = e.value;
    fields[`emails[${i}][label]`] = e.label ?? '';
  });
  contact.groups?.forEach((g, i) => (fields[`groups[${i}]`] = g));
  return fields;
}

export const contactsBase = '/api/u/0/contacts';

/** A 600×400 PNG, larger than an avatar is stored. */
export const samplePng = () =>
  sharp({ create: { width: 600, height: 400, channels: 3, background: '#b00e22' } })
    .png()
    .toBuffer();

/** Creates a contact through its form, with `avatar` as its image when given. */
export const createContact = (
  client: TestClient,
  contact: Parameters<typeof contactForm>[0],
  avatar?: Buffer,
) =>
  sendForm<Contact>(client, 'POST', contactsBase, {
    ...contactForm(contact),
    ...(avatar ? { avatar: { data: avatar, filename: 'me.png', type: 'image/png' } } : {}),
  });
