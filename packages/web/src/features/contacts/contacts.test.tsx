import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { buildUserDetails, mailApi, signIn } from '../../test/api-handlers.testing';
import { setViewportWidth } from '../../test/media-query';
import { server } from '../../test/msw-server';
import { renderApp } from '../../test/render-app';
import { serveCompose } from '../compose/compose.testing';
import { buildSystemFolder } from '../../test/folder.testing';
import { buildContact, buildGroup, contactsApi, type ContactsState } from './contacts.testing';

async function openApp(path: string, state: ContactsState, options: { disabled?: boolean } = {}) {
  signIn(0);
  setViewportWidth(1440);
  const mail = {
    tree: [buildSystemFolder('inbox', { unseen: 0, total: 0 })],
    messages: {},
    userDetails: buildUserDetails({ disabledFeatures: options.disabled ? ['contacts'] : [] }),
  };
  const api = contactsApi(state);
  // Ours first: msw takes the first matching handler, and mailApi answers the contacts calls with empty lists.
  server.use(...api.handlers, ...mailApi(mail).handlers);
  const rendered = await renderApp(path);
  return { ...rendered, api };
}

const contacts = () => [
  buildContact({ id: 'c1', fullName: 'Anna Aalto', emails: [{ value: 'anna@example.test', label: 'home' }] }),
  buildContact({
    id: 'c2',
    fullName: 'Юрий Гагарин',
    emails: [{ value: 'yuri@example.test', label: 'work' }],
    hasAvatar: true,
  }),
];

describe('contacts panel', () => {
  it('lists the contacts under the folders and opens one with "write e-mail"', async () => {
    const { user } = await openApp('/u/0', { contacts: contacts() });
    const panel = await screen.findByRole('region', { name: 'Contacts' });
    const list = await within(panel).findByRole('list', { name: 'Contacts' });
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((row) => row.textContent),
    ).toEqual(['AAAnna Aaltoanna@example.test', 'Юрий Гагаринyuri@example.test']);
    await user.click(within(list).getByRole('button', { name: /Юрий Гагарин/ }));
    const details = await screen.findByRole('dialog', { name: /Юрий Гагарин/ });
    const href = within(details).getByRole('link', { name: 'Write e-mail' }).getAttribute('href')!;
    const write = new URL(href, 'http://app.test');
    expect(write.pathname).toBe('/u/0/compose');
    expect(write.searchParams.get('to')).toBe('Юрий Гагарин <yuri@example.test>');
  });

  it('is not there when contacts are switched off', async () => {
    await openApp('/u/0', { contacts: contacts() }, { disabled: true });
    await screen.findByRole('navigation', { name: /folders/i });
    // Until the details arrive nothing counts as disabled (the server refuses anyway); then the panel goes.
    await waitFor(() => expect(screen.queryByRole('region', { name: 'Contacts' })).not.toBeInTheDocument());
  });

  it('sends a new contact as multipart with nested fields', { timeout: 40_000 }, async () => {
    const { user, api } = await openApp('/u/0', { contacts: [] });
    const panel = await screen.findByRole('region', { name: 'Contacts' });
    await user.click(within(panel).getByRole('button', { name: 'Contacts menu' }));
    await user.click(await screen.findByRole('menuitem', { name: 'New contact' }));
    const dialog = await screen.findByRole('dialog', { name: 'New contact' });
    await user.type(within(dialog).getByRole('textbox', { name: 'Name' }), 'Pekka Puupää');
    await user.type(within(dialog).getByRole('textbox', { name: 'E-mail 1' }), 'not an address');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('Invalid email format')).toBeInTheDocument();
    await user.clear(within(dialog).getByRole('textbox', { name: 'E-mail 1' }));
    await user.type(within(dialog).getByRole('textbox', { name: 'E-mail 1' }), 'pekka@example.test');
    await user.click(within(dialog).getByRole('button', { name: 'Add e-mail address' }));
    await user.type(within(dialog).getByRole('textbox', { name: 'E-mail 2' }), 'pp@work.example');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'New contact' })).not.toBeInTheDocument(),
    );
    expect(api.forms[0]!.fields).toEqual({
      fullName: 'Pekka Puupää',
      organization: '',
      notes: '',
      addressBookId: 'book1',
      'emails[0][value]': 'pekka@example.test',
      'emails[0][label]': 'home',
      'emails[1][value]': 'pp@work.example',
      'emails[1][label]': 'home',
      phones: '',
      groups: '',
    });
  });
});

describe('Settings → Contacts', () => {
  it('changes a contact with a PATCH sent as POST with the method override', async () => {
    const { user, api } = await openApp('/u/0/settings/contacts/contacts', { contacts: contacts() });
    const list = await screen.findByRole('list', { name: 'Contacts' });
    await user.click(await within(list).findByRole('button', { name: /^Anna Aalto/ }));
    const details = await screen.findByRole('dialog', { name: /Anna Aalto/ });
    await user.click(within(details).getByRole('button', { name: 'Edit' }));
    const form = await screen.findByRole('dialog', { name: 'Edit contact' });
    await user.type(within(form).getByRole('textbox', { name: 'Organisation' }), 'Firma');
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(api.forms).toHaveLength(1));
    expect(api.forms[0]!.method).toBe('POST');
    expect(api.forms[0]!.url.pathname).toBe('/api/u/0/contacts/c1');
    expect(api.forms[0]!.url.searchParams.get('_method')).toBe('PATCH');
    expect(api.forms[0]!.fields.organization).toBe('Firma');
  });

  it('selects contacts by their avatars (a check mark) and deletes them after confirmation', async () => {
    const { user, api } = await openApp('/u/0/settings/contacts/contacts', { contacts: contacts() });
    const list = await screen.findByRole('list', { name: 'Contacts' });
    await user.click(await within(list).findByRole('button', { name: 'Select Anna Aalto' }));
    await user.click(within(list).getByRole('button', { name: 'Select Юрий Гагарин' }));
    expect(within(list).getAllByTestId('avatar-check-icon')).toHaveLength(2);
    expect(screen.getByText('2 selected')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Delete' }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Delete 2 contacts?' });
    await user.click(within(confirm).getByRole('button', { name: 'Delete' }));
    await waitFor(() =>
      expect(api.requests.find((r) => r.url.pathname.endsWith('/massAction'))?.body).toEqual({
        action: 'delete',
        ids: ['c1', 'c2'],
      }),
    );
  });

  it('lists groups with their member counts and shows a group with its members', async () => {
    const group = buildGroup({ id: 'g1', name: 'Sulkapallo', count: 2, members: ['c1', 'c2'] });
    const { user } = await openApp('/u/0/settings/contacts/groups', {
      contacts: contacts(),
      groups: [group],
    });
    const list = await screen.findByRole('list', { name: 'Groups' });
    await user.click(await within(list).findByRole('button', { name: /Sulkapallo.*2 members/ }));
    const dialog = await screen.findByRole('dialog', { name: /Sulkapallo/ });
    expect(await within(dialog).findByText('Юрий Гагарин')).toBeInTheDocument();
    const write = new URL(
      within(dialog).getByRole('link', { name: 'Write to the group' }).getAttribute('href')!,
      'http://x',
    );
    expect(write.searchParams.get('to')).toBe(
      'Anna Aalto <anna@example.test>, Юрий Гагарин <yuri@example.test>',
    );
  });
});

describe('compose autocomplete with the address books', () => {
  it('offers groups and contacts before the recent parties; a group adds its members', async () => {
    const suggestions = [
      {
        kind: 'group' as const,
        id: 'group:g1',
        groupId: 'g1',
        name: 'Sulkapallo',
        hasAvatar: false,
        etag: '"g"',
        members: [
          { name: 'Anna Aalto', address: 'anna@example.test' },
          { name: 'Pertti Pohjola', address: 'pertti@example.test' },
        ],
      },
    ];
    serveCompose();
    const { user } = await openApp('/u/0/compose?to=', { contacts: contacts(), suggestions });
    const to = await screen.findByRole('combobox', { name: 'To' });
    await user.type(to, 'sulka');
    const option = await screen.findByRole('option', { name: /Sulkapallo/ });
    expect(option).toHaveTextContent('Group of 2 members');
    await user.click(option);
    expect(await screen.findByRole('button', { name: 'Anna Aalto <anna@example.test>' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Pertti Pohjola <pertti@example.test>' })).toBeInTheDocument();
  });
});
