import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  AddressBook,
  Contact,
  ContactImportResult,
  ContactListResponse,
  GroupListResponse,
} from '@webmail/contracts';
import { contactFixture, sendForm } from '../support/contacts.testing.js';
import type { TestClient } from '../support/http-client.testing.js';
import { dbKinds, newMailUser, startServer } from '../support/harness.testing.js';

const base = '/api/u/0/contacts';

describe.each(dbKinds)('contacts import and export (%s)', (db) => {
  let server: Awaited<ReturnType<typeof startServer>>;

  beforeAll(async () => {
    server = await startServer(db);
  });
  afterAll(async () => server.close());

  async function signedIn(prefix: string): Promise<TestClient> {
    const user = await newMailUser(prefix);
    const client = server.client();
    await client.signIn(user.email, user.password);
    return client;
  }
  const importFile = (client: TestClient, file: Buffer, name: string, fields: Record<string, string> = {}) =>
    sendForm<ContactImportResult>(client, 'POST', `${base}/import`, {
      ...fields,
      userImportName: name,
      contactImport: { data: file, filename: name, type: 'application/octet-stream' },
    });
  const all = async (client: TestClient, query = '') =>
    (await client.get<ContactListResponse>(`${base}?limit=500${query}`)).body.contacts;
  const byName = (contacts: Contact[], name: string) => contacts.find((c) => c.fullName === name);

  it('imports a vCard 3 file (with a vCard 2.1 card): folded lines, quoted-printable, binary photos, one malformed card', async () => {
    const client = await signedIn('imp-v3');
    const res = await importFile(client, contactFixture('contacts-v3.vcf'), 'contacts-v3.vcf');
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ format: 'vcard', imported: 3, merged: 0, skipped: 1 });
    expect(res.body.problems).toEqual([expect.objectContaining({ line: 25, reason: 'malformedCard' })]);
    const contacts = await all(client);
    const matti = byName(contacts, 'Matti Virtanen')!;
    expect(matti.emails).toEqual([
      { value: 'matti.virtanen@example.fi', label: 'home' },
      { value: 'matti@esimerkki.example', label: 'work' },
    ]);
    expect(matti).toMatchObject({ organization: 'Esimerkki Oy, Kehitys', hasAvatar: true });
    expect(matti.phones).toEqual([{ value: '+358 40 123 4567', label: 'mobile' }]);
    expect(matti.notes).toBe('Tapasimme Tampereella, syksyllä 2024.\nToinen rivi.');
    expect(byName(contacts, 'Äijä Öberg')!.emails).toEqual([
      { value: 'aija.oberg@example.se', label: 'other' },
    ]);
    const ivan = byName(contacts, 'Иван Иванов')!;
    expect(ivan.emails.map((e) => e.value)).toEqual(['ivan.ivanov@example.ru', 'ivanov@rabota.example.ru']);
    expect(ivan.hasAvatar).toBe(true);
    const avatar = await client.get(`${base}/${ivan.id}/avatar`);
    expect(avatar.status).toBe(200);
    expect(avatar.headers.get('content-type')).toBe('image/jpeg');
    // CATEGORIES became groups with Matti in both.
    const groups = (await client.get<GroupListResponse>(`${base}/groups`)).body.groups;
    expect(groups.map((g) => g.name).sort()).toEqual(['Työ', 'Ystävät']);
    expect(groups.every((g) => g.members.includes(matti.id))).toBe(true);
  });

  it('imports an iPhone export (CR CR LF) and a file of mixed line endings as the CRLF file, the bad card reported', async () => {
    const lines = contactFixture('contacts-v3.vcf').toString('utf8').split('\r\n');
    const mixed = ['\r\r\n', '\n', '\r', '\r\n'];
    const files = {
      'iphone.vcf': lines.join('\r\r\n'),
      'mixed.vcf': lines.map((line, i) => line + (i < lines.length - 1 ? mixed[i % 4] : '')).join(''),
    };
    for (const [name, text] of Object.entries(files)) {
      const client = await signedIn('imp-eol');
      const res = await importFile(client, Buffer.from(text), name);
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ format: 'vcard', imported: 3, skipped: 1 });
      expect(res.body.problems).toEqual([expect.objectContaining({ line: 25, reason: 'malformedCard' })]);
      const names = (await all(client)).map((c) => c.fullName).sort();
      expect(names).toEqual(['Matti Virtanen', 'Äijä Öberg', 'Иван Иванов'].sort());
    }
  });

  it('imports a vCard 4 file: data: photo, several addresses, an invalid address left out, a group, a card cut off', async () => {
    const client = await signedIn('imp-v4');
    const res = await importFile(client, contactFixture('contacts-v4.vcf'), 'contacts-v4.vcf');
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ imported: 3, merged: 0, skipped: 1 });
    expect(res.body.problems.map((p) => [p.line, p.reason])).toEqual([
      [26, 'invalidEmail'],
      [40, 'malformedCard'],
    ]);
    const contacts = await all(client);
    const anna = byName(contacts, 'Анна Петрова')!;
    expect(anna.uid).toBe('urn:uuid:4fbe8971-0bc3-424c-9c26-36c3e1eff6b1');
    expect(anna.emails.map((e) => e.value)).toEqual([
      'anna.petrova@example.ru',
      'anna@pochta.example.ru',
      'anna.p@example.com',
    ]);
    expect(anna.phones).toEqual([{ value: '+7-495-555-0101', label: 'mobile' }]);
    expect(anna.hasAvatar).toBe(true);
    expect((await client.get(`${base}/${anna.id}/avatar`)).headers.get('content-type')).toBe('image/png');
    expect(byName(contacts, 'Юрий Гагарин')!.emails).toEqual([{ value: 'yuri@example.ru', label: '' }]);
    const group = (await client.get<GroupListResponse>(`${base}/groups`)).body.groups.find(
      (g) => g.name === 'Коллеги',
    )!;
    expect(group.count).toBe(2);
    expect(group.members.sort()).toEqual([anna.id, byName(contacts, 'Sanna Mäkelä')!.id].sort());
  });

  it('imports Google and Outlook CSV: several addresses per cell, labels as groups, rows without anything skipped', async () => {
    const client = await signedIn('imp-csv');
    const google = await importFile(client, contactFixture('google.csv'), 'google.csv');
    expect(google.status).toBe(200);
    expect(google.body).toMatchObject({ format: 'google', imported: 3, merged: 0, skipped: 1 });
    expect(google.body.problems.map((p) => [p.line, p.reason])).toEqual([
      [5, 'noNameOrEmail'],
      [6, 'invalidEmail'],
    ]);
    let contacts = await all(client);
    expect(byName(contacts, 'Liisa Korhonen')).toMatchObject({
      emails: [
        { value: 'liisa.korhonen@example.fi', label: 'home' },
        { value: 'liisa@kotona.example.fi', label: 'home' },
        { value: 'liisa@kahvila.example.fi', label: 'work' },
      ],
      phones: [{ value: '+358 50 111 2222', label: 'mobile' }],
      organization: 'Kahvila Oy',
      notes: 'Pitää kahvista,\nja pullasta',
    });
    expect(byName(contacts, 'Дмитрий Смирнов')!.emails).toEqual([
      { value: 'dmitry.smirnov@example.ru', label: 'work' },
    ]);
    expect(byName(contacts, 'Pekka Puupää')!.emails).toEqual([]);

    const outlook = await importFile(client, contactFixture('outlook.csv'), 'outlook.csv', {
      type: 'outlook',
    });
    expect(outlook.body).toMatchObject({ format: 'outlook', imported: 2, merged: 0, skipped: 1 });
    contacts = await all(client);
    expect(byName(contacts, 'Jukka Mäkinen')).toMatchObject({
      emails: [
        { value: 'jukka.makinen@example.fi', label: '' },
        { value: 'jukka@yritys.example.fi', label: '' },
      ],
      organization: 'Yritys Ab',
      notes: 'Outlookista',
    });
    expect(byName(contacts, 'Ольга Иванова')!.phones).toEqual([{ value: '+7 812 000 11 22', label: 'work' }]);
    const groups = (await client.get<GroupListResponse>(`${base}/groups`)).body.groups.map((g) => g.name);
    expect(groups.sort()).toEqual(['Golf', 'Työ', 'Ystävät']);
  });

  it('merges a second import of the same file instead of duplicating', async () => {
    const client = await signedIn('imp-merge');
    for (const name of ['contacts-v3.vcf', 'google.csv'])
      await importFile(client, contactFixture(name), name);
    const before = await all(client);
    const again = await importFile(client, contactFixture('contacts-v3.vcf'), 'contacts-v3.vcf');
    expect(again.body).toMatchObject({ imported: 0, merged: 3, skipped: 1 });
    const google = await importFile(client, contactFixture('google.csv'), 'google.csv');
    // Pekka has no address to be found by: he is added again (merging is by e-mail address or UID).
    expect(google.body).toMatchObject({ imported: 1, merged: 2 });
    const after = await all(client);
    expect(after.length).toBe(before.length + 1);
    expect(byName(after, 'Matti Virtanen')!.emails).toHaveLength(2);
  });

  it('exports vCard that imports into an empty address book as the same contacts; CSV is contacts.csv with a header row', async () => {
    const client = await signedIn('imp-export');
    for (const name of ['contacts-v3.vcf', 'contacts-v4.vcf', 'google.csv', 'outlook.csv'])
      await importFile(client, contactFixture(name), name);
    const books = (await client.get<{ addressBooks: AddressBook[] }>(`${base}/addressbooks`)).body
      .addressBooks;
    const personal = books.find((b) => b.isDefault)!;
    const original = await all(client, `&addressBookId=${personal.id}`);

    const vcf = await client.get(`${base}/export/vcf`);
    expect(vcf.status).toBe(200);
    expect(vcf.headers.get('content-type')).toBe('text/vcard; charset=utf-8');
    expect(vcf.headers.get('content-disposition')).toBe('attachment; filename="contacts.vcf"');
    expect((vcf.body as string).match(/BEGIN:VCARD/g)).toHaveLength(original.length);
    expect(vcf.body as string).toContain('PHOTO:data:image/jpeg;base64,');

    const empty = (await client.post<AddressBook>(`${base}/addressbooks`, { name: 'Palautus' })).body;
    const back = await importFile(client, vcf.raw, 'contacts.vcf', {
      addressBookId: empty.id,
      type: 'vcard',
    });
    expect(back.body).toMatchObject({ imported: original.length, merged: 0, skipped: 0, problems: [] });
    const copy = await all(client, `&addressBookId=${empty.id}`);
    const shape = (c: Contact) => ({
      ...c,
      id: undefined,
      addressBookId: undefined,
      revision: undefined,
      etag: undefined,
      updatedAt: undefined,
    });
    expect(copy.map(shape)).toEqual(original.map(shape));

    const csv = await client.get(`${base}/export/csv?addressBookId=${personal.id}`);
    expect(csv.status).toBe(200);
    expect(csv.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(csv.headers.get('content-disposition')).toBe('attachment; filename="contacts.csv"');
    const lines = (csv.body as string).replace(/^\uFEFF/, '').split('\r\n');
    expect(lines[0]).toMatch(
      /^Name,Organization 1 - Name,Notes,Group Membership,E-mail 1 - Type,E-mail 1 - Value/,
    );
    expect(csv.body as string).toContain('Анна Петрова');
    // And the CSV reads back as Google's layout.
    const fromCsv = (await client.post<AddressBook>(`${base}/addressbooks`, { name: 'CSV' })).body;
    const csvBack = await importFile(client, csv.raw, 'contacts.csv', { addressBookId: fromCsv.id });
    expect(csvBack.body).toMatchObject({ format: 'google', imported: original.length, skipped: 0 });
  });
});
