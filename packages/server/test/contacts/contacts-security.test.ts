import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  AddressBook,
  ApiError,
  Contact,
  ContactImportResult,
  ContactListResponse,
  Group,
} from '@webmail/contracts';
import { contactFixture, contactForm, sendForm } from '../support/contacts.testing.js';
import type { TestClient } from '../support/http-client.testing.js';
import { dbKinds, newMailUser, startServer } from '../support/harness.testing.js';

const base = '/api/u/0/contacts';
const image = () =>
  sharp({ create: { width: 64, height: 64, channels: 3, background: '#1565c0' } })
    .jpeg()
    .toBuffer();

async function signedIn(
  server: Awaited<ReturnType<typeof startServer>>,
  prefix: string,
): Promise<TestClient> {
  const user = await newMailUser(prefix);
  const client = server.client();
  await client.signIn(user.email, user.password);
  return client;
}

describe.each(dbKinds)("another account's contacts (%s)", (db) => {
  let server: Awaited<ReturnType<typeof startServer>>;
  let alice: TestClient;
  let bob: TestClient;
  let contact: Contact;
  let group: Group;
  let book: AddressBook;

  beforeAll(async () => {
    server = await startServer(db);
    alice = await signedIn(server, 'alice');
    bob = await signedIn(server, 'bob');
    book = (await alice.post<AddressBook>(`${base}/addressbooks`, { name: 'Salainen' })).body;
    contact = (
      await sendForm<Contact>(alice, 'POST', base, {
        ...contactForm({
          fullName: 'Alicen ystävä',
          emails: [{ value: 'friend@example.fi' }],
          addressBookId: book.id,
        }),
        avatar: { data: await image(), filename: 'a.jpg', type: 'image/jpeg' },
      })
    ).body;
    group = (
      await sendForm<Group>(alice, 'POST', `${base}/groups`, {
        name: 'Alicen ryhmä',
        'members[0]': contact.id,
        avatar: { data: await image(), filename: 'g.jpg', type: 'image/jpeg' },
      })
    ).body;
    await bob.get(`${base}/addressbooks`);
  });
  afterAll(async () => server.close());

  it('cannot read, change, delete or see the avatar of her contacts and groups by id (404)', async () => {
    const attempts: Array<[string, Promise<{ status: number }>]> = [
      ['read contact', bob.get(`${base}/${contact.id}`)],
      ['contact avatar', bob.get(`${base}/${contact.id}/avatar`)],
      [
        'change contact',
        sendForm(bob, 'POST', `${base}/${contact.id}`, { fullName: 'Bob was here' }, { override: 'PATCH' }),
      ],
      ['delete contact', bob.delete(`${base}/${contact.id}`)],
      ['read group', bob.get(`${base}/groups/${group.id}`)],
      ['group avatar', bob.get(`${base}/groups/${group.id}/avatar`)],
      [
        'change group',
        sendForm(bob, 'POST', `${base}/groups/${group.id}`, { name: 'Bob' }, { override: 'PATCH' }),
      ],
      ['delete group', bob.delete(`${base}/groups/${group.id}`)],
      ['rename her book', bob.patch(`${base}/addressbooks/${book.id}`, { name: 'Bob' })],
      ['delete her book', bob.delete(`${base}/addressbooks/${book.id}`)],
      ['list her book', bob.get(`${base}?addressBookId=${book.id}`)],
      ['list her group', bob.get(`${base}?groupId=${group.id}`)],
      ['export her book', bob.get(`${base}/export/vcf?addressBookId=${book.id}`)],
      [
        'create in her book',
        sendForm(bob, 'POST', base, contactForm({ fullName: 'X', addressBookId: book.id })),
      ],
      [
        'import into her book',
        sendForm(bob, 'POST', `${base}/import`, {
          addressBookId: book.id,
          contactImport: { data: contactFixture('contacts-v4.vcf'), filename: 'c.vcf', type: 'text/vcard' },
        }),
      ],
      [
        'move into her book',
        bob.post(`${base}/massAction`, { action: 'move', ids: ['whatever'], addressBookId: book.id }),
      ],
      [
        'add to her group',
        bob.post(`${base}/massAction`, { action: 'addToGroup', ids: ['whatever'], groupId: group.id }),
      ],
    ];
    for (const [what, attempt] of attempts) expect((await attempt).status, what).toBe(404);
  });

  it('cannot use her contacts in his own groups or bulk actions, and sees none of them anywhere', async () => {
    const own = await sendForm<Group>(bob, 'POST', `${base}/groups`, {
      name: 'Bobin',
      'members[0]': contact.id,
    });
    expect(own.status).toBe(422);
    expect((await bob.post(`${base}/massAction`, { action: 'delete', ids: [contact.id] })).body).toEqual({
      handled: 0,
    });
    expect((await bob.get<ContactListResponse>(`${base}?query=friend`)).body.total).toBe(0);
    expect(
      (await bob.get<{ suggestions: unknown[] }>(`${base}/suggestions?query=alice`)).body.suggestions,
    ).toEqual([]);
    expect((await bob.get(`${base}/export/vcf`)).body).toBe('');
    // Her data is untouched.
    const mine = (await alice.get<Contact>(`${base}/${contact.id}`)).body;
    expect(mine).toMatchObject({ fullName: 'Alicen ystävä', revision: 1, groups: [group.id] });
    expect((await alice.get<Group>(`${base}/groups/${group.id}`)).body).toMatchObject({
      name: 'Alicen ryhmä',
      count: 1,
    });
  });
});

describe('bad input to contacts', () => {
  let server: Awaited<ReturnType<typeof startServer>>;
  let client: TestClient;

  beforeAll(async () => {
    server = await startServer('sqlite', { CONTACTS_MAX_PER_USER: '4' });
    client = await signedIn(server, 'bad');
  });
  afterAll(async () => server.close());

  const count = async () => (await client.get<ContactListResponse>(base)).body.total;
  const importFile = (data: Buffer, fields: Record<string, string> = {}) =>
    sendForm<ApiError & ContactImportResult>(client, 'POST', `${base}/import`, {
      ...fields,
      contactImport: { data, filename: 'file', type: 'application/octet-stream' },
    });

  it('refuses an avatar that is no image (422) or over the limit (413), storing nothing', async () => {
    const notImage = await sendForm<ApiError>(client, 'POST', base, {
      fullName: 'Ei kuvaa',
      avatar: { data: Buffer.from('%PDF-1.4 not an image'), filename: 'a.png', type: 'image/png' },
    });
    expect(notImage.status).toBe(422);
    expect(notImage.body.fieldErrors).toEqual({ avatar: [{ code: 'avatarNotImage' }] });
    const huge = await sendForm<ApiError>(client, 'POST', base, {
      fullName: 'Iso kuva',
      avatar: { data: Buffer.alloc(20 * 1024 * 1024, 1), filename: 'a.jpg', type: 'image/jpeg' },
    });
    expect(huge.status).toBe(413);
    expect(huge.body.fieldErrors).toEqual({
      avatar: [{ code: 'avatarTooLarge', params: { max: 5 * 1024 * 1024 } }],
    });
    expect(await count()).toBe(0);
  });

  it('refuses invalid form values with field errors', async () => {
    const res = await sendForm<ApiError>(
      client,
      'POST',
      base,
      contactForm({ emails: [{ value: 'ei osoite' }] }),
    );
    expect(res.status).toBe(422);
    expect(res.body.fieldErrors).toMatchObject({ 'emails.0.value': [{ code: 'invalidEmail' }] });
    const empty = await sendForm<ApiError>(client, 'POST', base, { fullName: '' });
    expect(empty.body.fieldErrors).toEqual({ fullName: [{ code: 'contactNameOrEmail' }] });
    const unknown = await sendForm<ApiError>(client, 'POST', base, { fullName: 'X', isAdmin: 'true' });
    expect(unknown.status).toBe(422);
    expect(unknown.body.fieldErrors?._?.[0]?.code).toBe('unknownField');
  });

  it('refuses a 50 MB import (413), a CSV without an e-mail column and a vCard of 10,000 lines of one property (422)', async () => {
    const big = await importFile(Buffer.alloc(50 * 1024 * 1024, 65));
    expect(big.status).toBe(413);
    expect(big.body.fieldErrors).toEqual({
      contactImport: [{ code: 'importTooLarge', params: { max: 10 * 1024 * 1024 } }],
    });
    const csv = await importFile(contactFixture('no-email-column.csv'));
    expect(csv.status).toBe(422);
    expect(csv.body.fieldErrors).toEqual({ contactImport: [{ code: 'importNoEmailColumn' }] });
    const asGoogle = await importFile(contactFixture('outlook.csv'), { type: 'google' });
    expect(asGoogle.body.fieldErrors).toEqual({ contactImport: [{ code: 'importNoEmailColumn' }] });
    const flood = [
      'BEGIN:VCARD',
      'VERSION:4.0',
      'FN:Tulva',
      ...Array.from({ length: 10_000 }, (_, i) => `TEL:+358 40 ${i}`),
      'END:VCARD',
    ].join('\r\n');
    const alone = await importFile(Buffer.from(flood));
    expect(alone.status).toBe(422);
    expect(alone.body.fieldErrors).toEqual({
      contactImport: [{ code: 'importUnreadable', params: { line: 1 } }],
    });
    expect(alone.body.message).toContain('10000 TEL lines');
    const withGood = await importFile(
      Buffer.from(
        `${flood}\r\nBEGIN:VCARD\r\nVERSION:4.0\r\nFN:Hyvä\r\nEMAIL:hyva@example.fi\r\nEND:VCARD\r\n`,
      ),
    );
    expect(withGood.status).toBe(200);
    expect(withGood.body).toMatchObject({
      imported: 1,
      skipped: 1,
      problems: [expect.objectContaining({ line: 1, reason: 'tooManyValues' })],
    });
    expect(await count()).toBe(1);
  });

  it('reports every entry over the contacts limit instead of storing part of the file silently', async () => {
    const res = await importFile(contactFixture('google.csv'));
    expect(res.status).toBe(200);
    // One contact existed and the limit is 4: Google's three fit (its empty row is skipped), Outlook's do not.
    expect(res.body).toMatchObject({ imported: 3, skipped: 1 });
    const more = await importFile(contactFixture('outlook.csv'));
    expect(more.body).toMatchObject({ imported: 0, merged: 0, skipped: 3 });
    expect(more.body.problems.filter((p) => p.reason === 'limitReached').map((p) => p.line)).toEqual([2, 3]);
    expect(await count()).toBe(4);
    const refused = await sendForm<ApiError>(client, 'POST', base, { fullName: 'Viides' });
    expect(refused.status).toBe(422);
    expect(refused.body.reason).toBe('contactLimitReached');
  });
});
