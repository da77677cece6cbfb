import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AddressBook, ApiError, Contact, ContactListResponse, Group } from '@webmail/contracts';
import {
  contactsBase as base,
  createContact as create,
  samplePng as png,
  sendForm,
} from '../support/contacts.testing.js';
import { EventStreamReader } from '../support/event-stream.testing.js';
import { newMailUser, signedIn as signedInUser, startServer } from '../support/harness.testing.js';

/** Contacts over the API: the default book, labelled addresses, avatars, events, and the feature switched off. */
describe('contacts over the API', () => {
  let server: Awaited<ReturnType<typeof startServer>>;
  const streams: EventStreamReader[] = [];

  beforeAll(async () => {
    server = await startServer('sqlite');
  });
  afterAll(async () => {
    for (const s of streams) s.close();
    await server.close();
  });

  const signedIn = async (prefix: string) => (await signedInUser(server, prefix)).client;

  it('makes the default Personal book on first use and keeps contacts with several labelled addresses', async () => {
    const client = await signedIn('ct-crud');
    const books = (await client.get<{ addressBooks: AddressBook[] }>(`${base}/addressbooks`)).body
      .addressBooks;
    expect(books).toEqual([{ id: expect.any(String), name: 'Personal', isDefault: true, count: 0 }]);
    const res = await create(client, {
      fullName: 'Matti Meikäläinen',
      emails: [
        { value: 'matti@example.fi', label: 'home' },
        { value: 'matti@work.example', label: 'work' },
      ],
      organization: 'Firma',
    });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      fullName: 'Matti Meikäläinen',
      addressBookId: books[0]!.id,
      emails: [
        { value: 'matti@example.fi', label: 'home' },
        { value: 'matti@work.example', label: 'work' },
      ],
      organization: 'Firma',
      revision: 1,
      hasAvatar: false,
    });
    expect(res.body.uid).toMatch(/^urn:uuid:/);
    const list = (await client.get<ContactListResponse>(`${base}?query=WORK.example`)).body;
    expect(list).toMatchObject({ total: 1, offset: 0 });

    // PATCH as POST with the method override (header or query), multipart; the UID stays, the revision grows.
    const changed = await sendForm<Contact>(
      client,
      'POST',
      `${base}/${res.body.id}`,
      { fullName: 'Matti M.', emails: '' },
      { override: 'PATCH' },
    );
    expect(changed.status).toBe(200);
    expect(changed.body).toMatchObject({ fullName: 'Matti M.', emails: [], uid: res.body.uid, revision: 2 });
    expect(changed.body.etag).not.toBe(res.body.etag);
    const viaQuery = await sendForm<Contact>(
      client,
      'POST',
      `${base}/${res.body.id}`,
      { notes: 'Muistiinpano' },
      { query: '?_method=PATCH' },
    );
    expect(viaQuery.body).toMatchObject({ notes: 'Muistiinpano', fullName: 'Matti M.', revision: 3 });
    // A POST without the override is no route for a contact id.
    expect((await sendForm(client, 'POST', `${base}/${res.body.id}`, { notes: 'x' })).status).toBe(404);

    expect((await client.delete(`${base}/${res.body.id}`)).status).toBe(204);
    expect((await client.get(`${base}/${res.body.id}`)).status).toBe(404);
  });

  it('stores avatars at most 256 px and serves them with caching headers', async () => {
    const client = await signedIn('ct-avatar');
    const contact = (await create(client, { fullName: 'Kuva Kaisa' }, await png())).body;
    expect(contact.hasAvatar).toBe(true);
    const avatar = await client.get(`${base}/${contact.id}/avatar?v=${encodeURIComponent(contact.etag)}`);
    expect(avatar.status).toBe(200);
    expect(avatar.headers.get('content-type')).toBe('image/jpeg');
    expect(avatar.headers.get('cache-control')).toBe('private, max-age=86400');
    expect(avatar.headers.get('x-content-type-options')).toBe('nosniff');
    const meta = await sharp(avatar.raw).metadata();
    expect([meta.width, meta.height]).toEqual([256, 256]);
    const etag = avatar.headers.get('etag')!;
    const cookie = [...client.cookies].map(([k, v]) => `${k}=${v.value}`).join('; ');
    const again = await fetch(`${server.baseUrl}${base}/${contact.id}/avatar`, {
      headers: { cookie, 'if-none-match': etag },
    });
    expect(again.status).toBe(304);
    const removed = await sendForm<Contact>(
      client,
      'POST',
      `${base}/${contact.id}`,
      { removeAvatar: 'true' },
      { override: 'PATCH' },
    );
    expect(removed.body.hasAvatar).toBe(false);
    expect((await client.get(`${base}/${contact.id}/avatar`)).status).toBe(404);
  });

  it('publishes contact, group and address book events on the stream', async () => {
    const client = await signedIn('ct-events');
    const events = await EventStreamReader.open(client, 0);
    streams.push(events);
    const contact = (
      await create(client, { fullName: 'Tapahtuma', emails: [{ value: 'tapahtuma@example.fi' }] })
    ).body;
    expect((await events.next((e) => e.command === 'contactUpdated')).event).toEqual({
      command: 'contactUpdated',
      id: contact.id,
    });
    const group = (await sendForm<Group>(client, 'POST', `${base}/groups`, { name: 'Ryhmä' })).body;
    expect((await events.next((e) => e.command === 'groupUpdated')).event).toEqual({
      command: 'groupUpdated',
      id: group.id,
    });
    await client.delete(`${base}/${contact.id}`);
    expect((await events.next((e) => e.command === 'contactDeleted')).event).toEqual({
      command: 'contactDeleted',
      id: contact.id,
    });
    await client.delete(`${base}/groups/${group.id}`);
    expect((await events.next((e) => e.command === 'groupDeleted')).event).toEqual({
      command: 'groupDeleted',
      id: group.id,
    });
    const book = (await client.post<AddressBook>(`${base}/addressbooks`, { name: 'Uusi' })).body;
    expect((await events.next((e) => e.command === 'addressbookUpdated')).event).toEqual({
      command: 'addressbookUpdated',
      id: book.id,
    });
    await client.delete(`${base}/addressbooks/${book.id}`);
    expect((await events.next((e) => e.command === 'addressbookDeleted')).event).toEqual({
      command: 'addressbookDeleted',
      id: book.id,
    });
  });
});

describe('contacts switched off (DISABLED_FEATURES=contacts)', () => {
  it('refuses every contacts call with 403 contactsDisabled and lists the feature as disabled', async () => {
    const server = await startServer('sqlite', { DISABLED_FEATURES: 'contacts' });
    try {
      const user = await newMailUser('ct-off');
      const client = server.client();
      await client.signIn(user.email, user.password);
      for (const [method, path] of [
        ['GET', base],
        ['GET', `${base}/addressbooks`],
        ['GET', `${base}/suggestions?query=a`],
        ['GET', `${base}/export/vcf`],
        ['POST', `${base}/groups`],
      ] as const) {
        const res = await client.request<ApiError>(
          method,
          path,
          method === 'POST' ? { body: { name: 'x' } } : {},
        );
        expect(res.status, `${method} ${path}`).toBe(403);
        expect(res.body.reason).toBe('contactsDisabled');
      }
      expect(
        (await client.get<{ disabledFeatures: string[] }>('/api/u/0/details')).body.disabledFeatures,
      ).toEqual(['contacts']);
    } finally {
      await server.close();
    }
  });
});
