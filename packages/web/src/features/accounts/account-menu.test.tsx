import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { mailApi, signIn } from '../../test/api-handlers.testing';
import { server } from '../../test/msw-server';
import { renderApp } from '../../test/render-app';
import { sampleTree } from '../../test/folder.testing';
import { alice, bob, carol, deviceAccountsApi } from './accounts.testing';

const locationOf = (router: Awaited<ReturnType<typeof renderApp>>['router']) =>
  `${router.state.location.pathname}${router.state.location.search}`;

async function openMenu(user: Awaited<ReturnType<typeof renderApp>>['user'], name = 'Alice Example') {
  await user.click(await screen.findByRole('button', { name: `Account: ${name}` }));
  return screen.findByRole('menu');
}

function setUp(accounts = [alice, bob, carol]) {
  const mail = mailApi({ tree: sampleTree(), messages: {} });
  const device = deviceAccountsApi(accounts);
  server.use(...mail.handlers);
  server.use(...device.handlers);
  return { mail, device };
}

describe('account menu', () => {
  it('shows the current user and links the other accounts; a signed-out one asks for its password', async () => {
    signIn(0);
    signIn(1);
    setUp();
    const { user } = await renderApp('/u/0/id-inbox');

    const menu = await openMenu(user);

    expect(within(menu).getByText('Alice Example')).toBeInTheDocument();
    expect(within(menu).getByText('alice@example.test')).toBeInTheDocument();
    expect(within(menu).getByRole('menuitem', { name: /Bob Builder/ })).toHaveAttribute('href', '/u/1');
    const carolItem = within(menu).getByRole('menuitem', { name: /Carol Clerk/ });
    expect(carolItem).toHaveTextContent('carol@example.test · signed out');
    expect(carolItem).toHaveAttribute('href', '/login/password?email=carol%40example.test');
  });

  it('opens the password sign-in in a new tab to add an account', async () => {
    signIn(0);
    setUp();
    const open = vi.spyOn(window, 'open').mockReturnValue(null);
    const { user, router } = await renderApp('/u/0/id-inbox');

    await user.click(within(await openMenu(user)).getByRole('menuitem', { name: 'Add another account' }));

    expect(open).toHaveBeenCalledWith('/login/password', '_blank', 'noopener');
    expect(router.state.location.pathname).toBe('/u/0/id-inbox');
  });

  it('signs the user out of this device and goes to the user select while other accounts remain', async () => {
    signIn(0);
    signIn(1);
    const { device, mail } = setUp();
    const { user, router, queryClient } = await renderApp('/u/0/id-inbox');
    await screen.findByRole('heading', { name: 'Inbox' });

    await user.click(within(await openMenu(user)).getByRole('menuitem', { name: 'Sign out' }));

    await waitFor(() => expect(locationOf(router)).toBe('/login'));
    expect(device.requests).toContain('DELETE /api/auth/removeDeviceUser?index=0');
    // Alice's cached data is gone, every key of user index 0.
    expect(queryClient.getQueryCache().findAll({ predicate: (q) => q.queryKey[1] === 0 })).toEqual([]);
    expect(await screen.findByRole('button', { name: /^Bob Builder/ })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Alice Example/ })).not.toBeInTheDocument();
    expect(mail.requests.some((r) => r.url.pathname.startsWith('/api/u/1'))).toBe(false);
  });

  it('goes to the password sign-in when the last account signs out', async () => {
    signIn(0);
    setUp([alice]);
    const { user, router } = await renderApp('/u/0/id-inbox');

    await user.click(within(await openMenu(user)).getByRole('menuitem', { name: 'Sign out' }));

    await waitFor(() => expect(locationOf(router)).toBe('/login/password'));
    expect(await screen.findByRole('button', { name: 'Sign in' })).toBeInTheDocument();
  });

  it('signs out of all accounts: password sign-in, no account left, no cached data', async () => {
    signIn(0);
    signIn(1);
    const { device } = setUp();
    const { user, router, queryClient } = await renderApp('/u/0/id-inbox');
    await screen.findByRole('heading', { name: 'Inbox' });

    await user.click(
      within(await openMenu(user)).getByRole('menuitem', { name: 'Sign out of all accounts' }),
    );

    await waitFor(() => expect(locationOf(router)).toBe('/login/password'));
    expect(device.requests).toContain('POST /api/auth/logoutAll');
    expect(document.cookie).not.toMatch(/wm_exp_/);
    expect(queryClient.getQueryData(['accounts', 'list'])).toEqual({ accounts: [] });
    expect(queryClient.getQueryCache().findAll({ predicate: (q) => q.queryKey[0] !== 'accounts' })).toEqual(
      [],
    );
    expect(screen.queryByRole('button', { name: 'Choose an account' })).not.toBeInTheDocument();
  });
});
