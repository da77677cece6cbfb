import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { sampleTree } from '../../test/folder.testing';
import { mailApi, signIn } from '../../test/api-handlers.testing';
import { setViewportWidth } from '../../test/media-query';
import { server } from '../../test/msw-server';
import { renderApp } from '../../test/render-app';
import { buildOutgoingAddress, outgoingAddressesApi } from './outgoing-addresses.testing';

function setup(addresses = [buildOutgoingAddress('1', 'old@example.test', true, 'Old One')]) {
  signIn(0);
  setViewportWidth(1024);
  const api = outgoingAddressesApi({ addresses, codes: {} });
  // Before the general handlers, whose outgoing-address list is empty.
  server.use(...api.handlers, ...mailApi({ tree: sampleTree(), messages: {} }).handlers);
  return api;
}

describe('outgoing addresses (settings/account/addresses)', () => {
  it('is reached from the Account page, which stays the current settings entry', async () => {
    setup();
    const { user } = await renderApp('/u/0/settings/account');
    await screen.findByRole('textbox', { name: 'Name' });
    expect(await screen.findByText('1 confirmed address, 0 waiting for confirmation.')).toBeInTheDocument();
    await user.click(screen.getByRole('link', { name: 'Manage outgoing addresses' }));
    expect(await screen.findByRole('heading', { name: 'Outgoing addresses' })).toBeInTheDocument();
    const nav = screen.getByRole('navigation', { name: 'Settings' });
    expect(within(nav).getByRole('link', { name: 'Account' })).toHaveAttribute('aria-current', 'page');
    // The settings tree has no entry of their own for them: they belong to the account.
    expect(within(nav).queryByRole('link', { name: /Outgoing/ })).not.toBeInTheDocument();
  });

  it('adds an address, refuses a wrong code and confirms with the right one', async () => {
    const api = setup();
    const { user } = await renderApp('/u/0/settings/account/addresses');
    const form = await screen.findByRole('form', { name: 'Add an outgoing address' });
    const address = within(form).getByRole('textbox', { name: 'E-mail address' });
    await user.type(address, 'not-an-address');
    await user.click(within(form).getByRole('button', { name: 'Add and send code' }));
    expect(await within(form).findByText('Invalid email format')).toBeInTheDocument();
    expect(api.requests).toEqual([]);

    await user.clear(address);
    await user.type(address, 'New@Example.test');
    await user.type(within(form).getByRole('textbox', { name: 'Name in the From' }), 'New Name');
    await user.click(within(form).getByRole('button', { name: 'Add and send code' }));
    expect(await screen.findByText('A code was sent to new@example.test')).toBeInTheDocument();
    expect(api.requests[0]?.body).toEqual({ address: 'New@Example.test', name: 'New Name' });
    const list = screen.getByRole('list', { name: 'Outgoing addresses' });
    expect(within(list).getByText('Waiting for code')).toBeInTheDocument();

    const id = api.state.addresses.find((a) => a.address === 'new@example.test')!.id;
    api.state.codes![id] = '123456';
    const verify = screen.getByRole('form', { name: 'Confirm new@example.test' });
    const code = within(verify).getByRole('textbox', { name: 'Code' });
    await user.type(code, '12');
    await user.click(within(verify).getByRole('button', { name: 'Confirm' }));
    expect(await within(verify).findByText('The code is six digits')).toBeInTheDocument();
    await user.clear(code);
    await user.type(code, '654321');
    await user.click(within(verify).getByRole('button', { name: 'Confirm' }));
    expect(await within(verify).findByText('The code is not valid')).toBeInTheDocument();
    await user.clear(code);
    await user.type(code, '123456');
    await user.click(within(verify).getByRole('button', { name: 'Confirm' }));
    expect(
      await screen.findByText('new@example.test is confirmed and can be chosen as the sender'),
    ).toBeInTheDocument();
    await waitFor(() => expect(within(list).getAllByText('Confirmed')).toHaveLength(2));
    expect(screen.queryByRole('form', { name: 'Confirm new@example.test' })).not.toBeInTheDocument();
    // Many steps through the whole page: more time than the default on a busy machine.
  }, 30_000);

  it('keeps what was typed when the server refuses the address', async () => {
    const api = setup([]);
    api.state.failNext = {
      status: 422,
      body: {
        code: 'ValidationError',
        reason: 'outgoingAddressExists',
        message: 'This address is already on the list',
      },
    };
    const { user } = await renderApp('/u/0/settings/account/addresses');
    const form = await screen.findByRole('form', { name: 'Add an outgoing address' });
    await user.type(within(form).getByRole('textbox', { name: 'E-mail address' }), 'dup@example.test');
    await user.click(within(form).getByRole('button', { name: 'Add and send code' }));
    expect(await within(form).findByText('This address is already on the list')).toBeInTheDocument();
    expect(within(form).getByRole('textbox', { name: 'E-mail address' })).toHaveValue('dup@example.test');
  });

  it('edits the name and deletes an address after asking', async () => {
    const api = setup();
    const { user } = await renderApp('/u/0/settings/account/addresses');
    await user.click(await screen.findByRole('button', { name: 'Edit the name of old@example.test' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit outgoing address' });
    const name = within(dialog).getByRole('textbox', { name: 'Name in the From' });
    await user.clear(name);
    await user.type(name, 'Renamed');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Outgoing address edited')).toBeInTheDocument();
    expect(await screen.findByText('Renamed')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Delete old@example.test' }));
    const confirm = await screen.findByRole('dialog', { name: 'Delete outgoing address?' });
    await user.click(within(confirm).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Outgoing address deleted')).toBeInTheDocument();
    expect(await screen.findByText('No outgoing addresses yet.')).toBeInTheDocument();
    expect(api.requests.map((r) => `${r.method} ${r.url.pathname}`)).toEqual([
      'PATCH /api/u/0/settings/whitelist/1',
      'DELETE /api/u/0/settings/whitelist/1',
    ]);
  });
});
