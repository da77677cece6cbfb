import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  AddressBook,
  ApiError,
  Contact,
  ContactListResponse,
  ContactSuggestion,
  Group,
} from '@webmail/contracts';
import { contactForm, sendForm } from '../support/contacts.testing.js';
import { EventStreamReader } from '../support/event-stream.testing.js';
import type { TestClient } from '../support/http-client.testing.js';
import { newMailUser, startServer } from '../support/harness.testing.js';

const base = '/api/u/0/contacts';
const png = () =>
  sharp({ create: { width: 600, height: 400, channels: 3, background: '#b00e22' } })
    .png()
    .toBuffer();

describe('contacts, groups and address books over the API', () => {
  let server: Awaited<ReturnType<typeof startServer>>;
  const streams: EventStreamReader[] = [];

  beforeAll(async () => {
    server = await startServer('sqlite');
  });
  afterAll(async () => {
    for (const s of streams) s.close();
    await server.close();
  });

  async function signedIn(prefix: string): Promise<TestClient> {
    const user = await newMailUser(prefix);
    const client = server.client();
    await client.signIn(user.email, user.password);
    return client;
  }
  const create = (client: TestClient, contact: Parameters<typeof contactForm>[0], avatar?: Buffer) =>
    sendForm<Contact>(client, 'POST', base, {
      ...contactForm(contact),
      ...(avatar ? { avatar: { data: avatar, filename: 'me.png', type: 'image/png' } } : {}),
    });

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

  it('keeps groups with members, count and avatar, and suggests groups and contacts by name or any address', async () => {
    const client = await signedIn('ct-groups');
    const a = (
      await create(client, {
        fullName: 'Anna Aalto',
        emails: [{ value: 'anna@example.fi' }, { value: 'aalto@koti.example' }],
      })
    ).body;
    const b = (await create(client, { fullName: 'Pertti Pohjola', emails: [{ value: 'pertti@example.fi' }] }))
      .body;
    const group = await sendForm<Group>(client, 'POST', `${base}/groups`, {
      name: 'Sulkapallo',
      description: 'Torstaisin',
      'members[0]': a.id,
      'members[1]': b.id,
      avatar: { data: await png(), filename: 'g.png', type: 'image/png' },
    });
    expect(group.status).toBe(201);
    expect(group.body).toMatchObject({
      name: 'Sulkapallo',
      count: 2,
      hasAvatar: true,
      data: { description: 'Torstaisin' },
    });
    expect((await client.get(`${base}/groups/${group.body.id}/avatar`)).status).toBe(200);
    expect((await client.get<Contact>(`${base}/${a.id}`)).body.groups).toEqual([group.body.id]);

    const suggest = async (query: string) =>
      (
        await client.get<{ suggestions: ContactSuggestion[] }>(
          `${base}/suggestions?query=${encodeURIComponent(query)}`,
        )
      ).body.suggestions;
    expect(await suggest('sulka')).toEqual([
      expect.objectContaining({
        kind: 'group',
        name: 'Sulkapallo',
        members: [
          { name: 'Anna Aalto', address: 'anna@example.fi' },
          { name: 'Pertti Pohjola', address: 'pertti@example.fi' },
        ],
      }),
    ]);
    expect((await suggest('koti')).map((s) => s.kind === 'contact' && s.address)).toEqual([
      'aalto@koti.example',
    ]);
    expect((await suggest('anna')).map((s) => s.kind === 'contact' && s.address)).toEqual([
      'anna@example.fi',
      'aalto@koti.example',
    ]);
    expect(await suggest('x'.repeat(256))).toEqual([]);

    const renamed = await sendForm<Group>(
      client,
      'POST',
      `${base}/groups/${group.body.id}`,
      { name: 'Sulis', 'members[0]': b.id },
      { override: 'PATCH' },
    );
    expect(renamed.body).toMatchObject({ name: 'Sulis', count: 1, members: [b.id] });
    const mass = await client.post(`${base}/massAction`, {
      action: 'addToGroup',
      ids: [a.id],
      groupId: group.body.id,
    });
    expect(mass.body).toEqual({ handled: 1 });
    expect((await client.get<Group>(`${base}/groups/${group.body.id}`)).body.count).toBe(2);
    expect((await client.delete(`${base}/groups/${group.body.id}`)).status).toBe(204);
    expect((await client.get<Contact>(`${base}/${a.id}`)).body.groups).toEqual([]);
  });

  it('renames and deletes address books (with their contacts), moves and deletes contacts in bulk', async () => {
    const client = await signedIn('ct-books');
    const work = (await client.post<AddressBook>(`${base}/addressbooks`, { name: 'Työ' })).body;
    expect((await client.post<ApiError>(`${base}/addressbooks`, { name: 'työ' })).status).toBe(422);
    const renamed = await client.patch<AddressBook>(`${base}/addressbooks/${work.id}`, {
      name: 'Työkaverit',
    });
    expect(renamed.body).toMatchObject({ name: 'Työkaverit', isDefault: false, count: 0 });
    const c1 = (await create(client, { fullName: 'Yksi', emails: [{ value: 'yksi@example.fi' }] })).body;
    const c2 = (await create(client, { fullName: 'Kaksi', emails: [{ value: 'kaksi@example.fi' }] })).body;
    const c3 = (await create(client, { fullName: 'Kolme', addressBookId: work.id })).body;
    expect(
      (
        await client.post(`${base}/massAction`, {
          action: 'move',
          ids: [c1.id, c2.id],
          addressBookId: work.id,
        })
      ).body,
    ).toEqual({ handled: 2 });
    let books = (await client.get<{ addressBooks: AddressBook[] }>(`${base}/addressbooks`)).body.addressBooks;
    expect(books.find((b) => b.id === work.id)!.count).toBe(3);
    expect((await client.post(`${base}/massAction`, { action: 'delete', ids: [c1.id] })).body).toEqual({
      handled: 1,
    });
    const personal = books.find((b) => b.isDefault)!;
    const refused = await client.delete<ApiError>(`${base}/addressbooks/${personal.id}`);
    expect(refused.status).toBe(403);
    expect(refused.body.reason).toBe('defaultAddressBookDelete');
    expect((await client.delete(`${base}/addressbooks/${work.id}`)).status).toBe(204);
    books = (await client.get<{ addressBooks: AddressBook[] }>(`${base}/addressbooks`)).body.addressBooks;
    expect(books.map((b) => b.name)).toEqual(['Personal']);
    expect((await client.get(`${base}/${c2.id}`)).status).toBe(404);
    expect((await client.get(`${base}/${c3.id}`)).status).toBe(404);
  });

  it('moves a contact into a book that holds the same UID (an imported copy) under a new UID', async () => {
    const client = await signedIn('ct-move-uid');
    const other = (await client.post<AddressBook>(`${base}/addressbooks`, { name: 'Kopio' })).body;
    const card = 'BEGIN:VCARD\r\nVERSION:4.0\r\nUID:urn:uuid:same\r\nFN:Sama\r\nEND:VCARD\r\n';
    const importInto = (addressBookId?: string) =>
      sendForm(client, 'POST', `${base}/import`, {
        ...(addressBookId ? { addressBookId } : {}),
        contactImport: { data: Buffer.from(card), filename: 'c.vcf', type: 'text/vcard' },
      });
    await importInto();
    await importInto(other.id);
    const all = (await client.get<ContactListResponse>(`${base}?query=sama`)).body.contacts;
    const personal = all.find((c) => c.addressBookId !== other.id)!;
    const moved = await client.post(`${base}/massAction`, {
      action: 'move',
      ids: [personal.id],
      addressBookId: other.id,
    });
    expect(moved.body).toEqual({ handled: 1 });
    const after = (await client.get<Contact>(`${base}/${personal.id}`)).body;
    expect(after.addressBookId).toBe(other.id);
    expect(after.uid).not.toBe('urn:uuid:same');
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
