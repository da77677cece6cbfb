import http from 'node:http';
import { randomToken } from '../../src/infra/crypto.js';
import { sampleOf, type ApiDocument, type Operation } from './api-document.testing.js';
import { contactForm, sendForm } from './contacts.testing.js';
import { createFilter } from './filters.testing.js';
import { imapAs, newMailUser, type startServer } from './harness.testing.js';
import type { TestClient } from './http-client.testing.js';
import { composeRaw } from './mail-fixtures.testing.js';
import { folderIds, uidsBySubject } from './reading.testing.js';

type Server = Awaited<ReturnType<typeof startServer>>;
export type MailUser = { email: string; password: string };

/** What a request carries besides its address: the cookie header and the XSRF header (null: none). */
export interface Caller {
  cookie: string;
  xsrf: string | null;
}

export const callerOf = (client: TestClient, xsrf: string | null = client.xsrf ?? null): Caller => ({
  cookie: [...client.cookies].map(([k, v]) => `${k}=${v.value}`).join('; '),
  xsrf,
});

export interface Answer {
  status: number;
  text: string;
  json: unknown;
}

/**
 * Sends one request over node:http, which sends the path as written (fetch would resolve `%2e%2e` segments
 * first). A request without an answer head within the limit fails (a hang); an event stream counts as
 * answered once its head arrives (it never ends).
 */
export async function send(
  baseUrl: string,
  method: string,
  target: string,
  caller: Caller,
  body?: { json?: unknown; form?: FormData },
): Promise<Answer> {
  const headers: Record<string, string> = { 'accept-language': 'en' };
  if (caller.cookie) headers.cookie = caller.cookie;
  if (caller.xsrf !== null) headers['x-xsrf-token'] = caller.xsrf;
  let payload: Buffer | undefined;
  if (body?.json !== undefined) {
    headers['content-type'] = 'application/json';
    payload = Buffer.from(JSON.stringify(body.json));
  } else if (body?.form) {
    const encoded = new Response(body.form);
    headers['content-type'] = encoded.headers.get('content-type')!;
    payload = Buffer.from(await encoded.arrayBuffer());
  }
  if (payload) headers['content-length'] = String(payload.length);
  const { hostname, port } = new URL(baseUrl);
  return new Promise<Answer>((resolve, reject) => {
    const request = http.request({ host: hostname, port, method, path: target, headers }, (res) => {
      if (res.headers['content-type']?.includes('text/event-stream')) {
        res.destroy();
        resolve({ status: res.statusCode ?? 0, text: '', json: undefined });
        return;
      }
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('error', reject);
      res.on('end', () => {
        const text = Buffer.concat(chunks).toString('utf8');
        let json: unknown;
        try {
          json = JSON.parse(text);
        } catch {
          json = undefined;
        }
        resolve({ status: res.statusCode ?? 0, text, json });
      });
    });
    request.setTimeout(20_000, () => {
      request.destroy();
      reject(new Error(`no answer within 20 s: ${method} ${target.slice(0, 200)}`));
    });
    request.on('error', reject);
    request.end(payload);
  });
}

/** A path value as the client encodes it; a lone surrogate (invalid UTF-16) as U+FFFD, as a browser would. */
const encodePathValue = (value: unknown) =>
  encodeURIComponent(
    String(value).replace(
      /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g,
      '\uFFFD',
    ),
  );

/**
 * What the document cannot say (refinements, and e-mail addresses, which the contract checks after trimming):
 * a valid body per operation, or a valid value per field name, merged into the generated sample.
 */
const validBodies: Record<string, Record<string, unknown>> = {
  messagesUpdateFlags: { seen: true },
  securityReauthenticate: { password: 'not-the-password' },
};
const validFields: Record<string, unknown> = { address: 'matrix@example.test', email: 'matrix@example.test' };

/** The request of an operation: path values (raw: already encoded), query, and body with some fields replaced. */
export function requestOf(
  document: ApiDocument,
  op: Operation,
  ids: Record<string, string>,
  replace: { field?: { in: string; name: string; value: unknown }; rawPath?: Record<string, string> } = {},
): { target: string; body?: { json?: unknown; form?: FormData } } {
  const replaced = (where: string, name: string) =>
    replace.field && replace.field.in === where && replace.field.name === name;
  let target = op.path.replace(/\{(\w+)\}/g, (_, name: string) => {
    if (replace.rawPath?.[name] !== undefined) return replace.rawPath[name];
    const field = op.fields.find((f) => f.in === 'path' && f.name === name);
    const value = replaced('path', name)
      ? replace.field!.value
      : (ids[name] ?? sampleOf(document, field?.schema ?? {}));
    return encodePathValue(value);
  });
  const query = new URLSearchParams();
  for (const f of op.fields.filter((x) => x.in === 'query')) {
    const value = replaced('query', f.name)
      ? replace.field!.value
      : f.required
        ? (ids[f.name] ?? sampleOf(document, f.schema))
        : undefined;
    if (value !== undefined) query.set(f.name, typeof value === 'string' ? value : JSON.stringify(value));
  }
  if (query.size > 0) target += `?${query.toString()}`;
  if (!op.bodyType || !op.bodySchema) return { target };
  const sample = sampleOf(document, op.bodySchema);
  const body =
    typeof sample === 'object' && sample !== null && !Array.isArray(sample)
      ? { ...sample, ...validFieldsOf(op), ...validBodies[op.id] }
      : sample;
  if (replace.field?.in === 'body')
    (body as Record<string, unknown>)[replace.field.name] = replace.field.value;
  if (op.bodyType === 'json') return { target, body: { json: body } };
  const form = new FormData();
  for (const [name, value] of Object.entries(body as Record<string, unknown>)) {
    const schema = op.bodySchema.properties?.[name];
    if (schema?.format === 'binary' || schema?.contentMediaType) {
      form.append(name, new Blob([String(value)], { type: 'text/plain' }), 'matrix.txt');
    } else if (value !== undefined) {
      form.append(name, typeof value === 'string' ? value : JSON.stringify(value));
    }
  }
  return { target, body: { form } };
}

function validFieldsOf(op: Operation): Record<string, unknown> {
  const names = op.fields.filter((f) => f.in === 'body' && f.required).map((f) => f.name);
  return Object.fromEntries(names.filter((n) => n in validFields).map((n) => [n, validFields[n]]));
}

/** User B's things, each carrying B's marker: the matrix looks for the marker in every answer user A gets. */
export interface Victim {
  user: MailUser;
  client: TestClient;
  marker: string;
  ids: Record<string, string>;
}

/** User B: a folder holding a message, a contact, a group, an address book, a filter, all named by the marker. */
export async function makeVictim(server: Server): Promise<Victim> {
  const user = await newMailUser('matrix-b');
  const marker = `bmark${randomToken(6).replace(/[^A-Za-z0-9]/g, 'q')}`;
  const client = server.client();
  await client.signIn(user.email, user.password);
  const folder = await client.post('/api/u/0/mailbox/folders', { name: marker, parent: null });
  if (folder.status >= 300) throw new Error(`folder: ${folder.status} ${JSON.stringify(folder.body)}`);
  const imap = await imapAs(user);
  await imap.append(marker, await composeRaw({ from: 'b@example.test', subject: marker, text: marker }), []);
  await imap.logout();
  const uid = (await uidsBySubject(user, marker)).get(marker);
  const contact = await sendForm<{ id: string }>(
    client,
    'POST',
    '/api/u/0/contacts',
    contactForm({ fullName: marker, emails: [{ value: `${marker}@example.test` }] }),
  );
  const group = await client.post<{ id: string }>('/api/u/0/contacts/groups', { name: marker });
  const book = await client.post<{ id: string }>('/api/u/0/contacts/addressbooks', { name: marker });
  const filter = await createFilter(client, {
    name: marker,
    query: { from: marker },
    action: { seen: true },
  });
  const ids: Record<string, string> = {
    mailboxId: (await folderIds(client))[marker]!,
    messageId: String(uid),
    contact: contact.body.id,
    group: group.body.id,
    addressbook: book.body.id,
    filter: filter.id,
  };
  for (const [name, id] of Object.entries(ids))
    if (!id || id === 'undefined') throw new Error(`no ${name} for B`);
  return { user, client, marker, ids };
}

/** B's id for a path parameter of an operation: by the collection the path names, else by the parameter. */
export function victimIdFor(victim: Victim, op: Operation, param: string): string {
  const { ids } = victim;
  if (param === 'id') {
    if (op.path.includes('/contacts/groups/')) return ids.group!;
    if (op.path.includes('/contacts/addressbooks/')) return ids.addressbook!;
    if (op.path.includes('/contacts/')) return ids.contact!;
    if (op.path.includes('/filters/')) return ids.filter!;
    if (op.path.includes('/mailbox/folders/')) return ids.mailboxId!;
    return ids.contact!;
  }
  return ids[param] ?? ids.contact!;
}

/** User A, the caller: signed in on its own device, with one message so its ids exist too. */
export async function makeCaller(
  server: Server,
): Promise<{ user: MailUser; client: TestClient; ids: Record<string, string> }> {
  const user = await newMailUser('matrix-a');
  const imap = await imapAs(user);
  await imap.append('INBOX', await composeRaw({ from: 'a@example.test', subject: 'mine', text: 'x' }), []);
  await imap.logout();
  const client = server.client();
  await client.signIn(user.email, user.password);
  const uid = (await uidsBySubject(user)).get('mine');
  return {
    user,
    client,
    ids: { userIndex: '0', mailboxId: (await folderIds(client)).inbox!, messageId: String(uid) },
  };
}
