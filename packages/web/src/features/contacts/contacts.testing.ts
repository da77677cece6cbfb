import type { AddressBook, Contact, ContactSuggestion, Group } from '@webmail/contracts';
import { http, HttpResponse } from 'msw';
import { readFormData } from '../../test/form-data.testing';
import { requestLog } from '../../test/api-handlers.testing';

/** Test-data builder for a contact. */
export function buildContact(overrides: Partial<Contact> = {}): Contact {
  return {
    id: 'c1',
    addressBookId: 'book1',
    uid: 'urn:uuid:1',
    fullName: 'Anna Aalto',
    emails: [{ value: 'anna@example.test', label: 'home' }],
    phones: [],
    organization: '',
    notes: '',
    groups: [],
    hasAvatar: false,
    revision: 1,
    etag: '"e1"',
    updatedAt: 0,
    ...overrides,
  };
}

export function buildGroup(overrides: Partial<Group> = {}): Group {
  return {
    id: 'g1',
    name: 'Sulkapallo',
    data: { description: '' },
    count: 0,
    members: [],
    hasAvatar: false,
    revision: 1,
    etag: '"g1"',
    ...overrides,
  };
}

export interface ContactsState {
  contacts: Contact[];
  groups?: Group[];
  books?: AddressBook[];
  suggestions?: ContactSuggestion[];
}

/** An in-memory contacts API: lists searched by name or address, one contact, forms recorded as they came. */
export function contactsApi(state: ContactsState) {
  const { requests, record } = requestLog();
  const forms: Array<{ method: string; url: URL; fields: Record<string, string> }> = [];
  const books = state.books ?? [
    { id: 'book1', name: 'Personal', isDefault: true, count: state.contacts.length },
  ];
  const readForm = async (request: Request) => {
    const data = await readFormData(request);
    const fields: Record<string, string> = {};
    data.forEach((value, key) => (fields[key] = typeof value === 'string' ? value : `file:${value.name}`));
    forms.push({ method: request.method, url: new URL(request.url), fields });
    return fields;
  };
  const handlers = [
    http.get('/api/u/:userIndex/contacts', async ({ request }) => {
      await record(request);
      const query = (new URL(request.url).searchParams.get('query') ?? '').toLowerCase();
      const found = state.contacts.filter((c) =>
        [c.fullName, ...c.emails.map((e) => e.value)].join(' ').toLowerCase().includes(query),
      );
      return HttpResponse.json({ contacts: found, total: found.length, offset: 0, limit: 100 });
    }),
    http.get('/api/u/:userIndex/contacts/addressbooks', () => HttpResponse.json({ addressBooks: books })),
    http.get('/api/u/:userIndex/contacts/groups', () =>
      HttpResponse.json({
        groups: state.groups ?? [],
        total: state.groups?.length ?? 0,
        offset: 0,
        limit: 500,
      }),
    ),
    http.get('/api/u/:userIndex/contacts/suggestions', async ({ request }) => {
      await record(request);
      return HttpResponse.json({ suggestions: state.suggestions ?? [] });
    }),
    http.get('/api/u/:userIndex/contacts/groups/:id', ({ params }) => {
      const group = state.groups?.find((g) => g.id === params.id);
      return group
        ? HttpResponse.json(group)
        : HttpResponse.json({ code: 'NotFound', message: 'x' }, { status: 404 });
    }),
    http.get('/api/u/:userIndex/contacts/:id', ({ params }) => {
      const contact = state.contacts.find((c) => c.id === params.id);
      return contact
        ? HttpResponse.json(contact)
        : HttpResponse.json({ code: 'NotFound', message: 'x' }, { status: 404 });
    }),
    http.post('/api/u/:userIndex/contacts', async ({ request }) => {
      const fields = await readForm(request);
      const contact = buildContact({ id: `c${state.contacts.length + 1}`, fullName: fields.fullName ?? '' });
      state.contacts.push(contact);
      return HttpResponse.json(contact, { status: 201 });
    }),
    http.post('/api/u/:userIndex/contacts/massAction', async ({ request }) => {
      await record(request);
      const body = (await request.clone().json()) as { ids: string[] };
      state.contacts = state.contacts.filter((c) => !body.ids.includes(c.id));
      return HttpResponse.json({ handled: body.ids.length });
    }),
    http.post('/api/u/:userIndex/contacts/:id', async ({ request, params }) => {
      await readForm(request);
      const contact = state.contacts.find((c) => c.id === params.id)!;
      return HttpResponse.json({ ...contact, revision: contact.revision + 1 });
    }),
  ];
  return { handlers, requests, forms };
}
