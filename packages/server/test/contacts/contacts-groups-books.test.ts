import { describe, expect, it } from 'vitest';
import type {
  AddressBook,
  ApiError,
  Contact,
  ContactListResponse,
  ContactSuggestion,
  Group,
} from '@webmail/contracts';
import {
  contactsBase as base,
  createContact as create,
  samplePng as png,
  sendForm,
} from '../support/contacts.testing.js';
import { serverForTests, signedIn as signedInUser } from '../support/harness.testing.js';

/** Groups and address books over the API: members, suggestions, renames, bulk moves and deletes. */
describe('contact groups and address books over the API', () => {
  const server = serverForTests();
  const signedIn = async (prefix: string) => (await signedInUser(server(), prefix)).client;

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
});
