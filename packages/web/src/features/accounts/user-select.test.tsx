import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mailApi } from '../../test/api-handlers.testing';
import { server } from '../../test/msw-server';
import { renderApp } from '../../test/render-app';
import { rememberSessionSeen } from '../../shared/session/session';
import { sampleTree } from '../../test/folder.testing';
import { alice, bob, carol, deviceAccountsApi, signInAccount } from './accounts.testing';

const locationOf = (router: Awaited<ReturnType<typeof renderApp>>['router']) =>
  `${router.state.location.pathname}${router.state.location.search}`;
const row = (name: string) => screen.findByRole('button', { name: new RegExp(`^${name}`) });

describe('user-select page (/login)', () => {
  it("lists this device's accounts with avatar, name, e-mail and whether each is signed in", async () => {
    signInAccount(0);
    server.use(...deviceAccountsApi([alice, bob]).handlers);
    await renderApp('/login');

    expect(await screen.findByRole('heading', { name: 'Choose an account' })).toBeInTheDocument();
    const list = await screen.findByRole('list', { name: 'Accounts on this device' });
    const aliceRow = await row('Alice Example');
    expect(aliceRow).toHaveTextContent('alice@example.test');
    expect(aliceRow).not.toHaveTextContent('Signed out');
    expect(within(aliceRow).getByText('AE')).toBeInTheDocument(); // avatar initials
    expect(await row('Bob Builder')).toHaveTextContent('bob@example.testSigned out');
    expect(within(list).getByRole('button', { name: 'Use another account' })).toBeInTheDocument();
    expect(document.title).toBe('Choose an account - Webmail');
  });

  it('highlights and focuses the account of the uid query', async () => {
    server.use(...deviceAccountsApi([alice, bob]).handlers);
    await renderApp('/login?uid=1');

    const bobRow = await row('Bob Builder');
    expect(bobRow).toHaveClass('Mui-selected');
    await waitFor(() => expect(bobRow).toHaveFocus());
    expect(await row('Alice Example')).not.toHaveClass('Mui-selected');
  });

  it('opens a signed-in account at its mailbox', async () => {
    signInAccount(1);
    server.use(...mailApi({ tree: sampleTree(), messages: {} }).handlers);
    server.use(...deviceAccountsApi([alice, bob]).handlers);
    const { user, router } = await renderApp('/login');

    await user.click(await row('Bob Builder'));

    await waitFor(() => expect(router.state.location.pathname).toBe('/u/1/id-inbox'));
  });

  it('asks a signed-out account for its password with the e-mail filled in', async () => {
    server.use(...deviceAccountsApi([alice, bob]).handlers);
    const { user, router } = await renderApp('/login');

    await user.click(await row('Bob Builder'));

    await waitFor(() => expect(locationOf(router)).toBe('/login/password?email=bob%40example.test'));
    expect(await screen.findByRole('textbox', { name: /e-mail address/i })).toHaveValue('bob@example.test');
    expect(screen.getByLabelText(/^password/i)).toHaveFocus();
  });

  it('removes one account from the device', async () => {
    signInAccount(0);
    const device = deviceAccountsApi([alice, bob]);
    server.use(...device.handlers);
    const { user, router } = await renderApp('/login');

    await user.click(await screen.findByRole('button', { name: 'Remove Alice Example from this device' }));

    await waitFor(() =>
      expect(screen.queryByRole('button', { name: /^Alice Example/ })).not.toBeInTheDocument(),
    );
    expect(device.requests).toContain('DELETE /api/auth/removeDeviceUser?index=0');
    expect(document.cookie).not.toMatch(/wm_exp_0/);
    expect(await row('Bob Builder')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login');
  });

  it('goes to the password sign-in once the last account is removed', async () => {
    server.use(...deviceAccountsApi([carol]).handlers);
    const { user, router } = await renderApp('/login');

    await user.click(await screen.findByRole('button', { name: 'Remove Carol Clerk from this device' }));

    await waitFor(() => expect(locationOf(router)).toBe('/login/password'));
  });

  it('removes all accounts and goes to the password sign-in', async () => {
    signInAccount(0);
    signInAccount(1);
    const device = deviceAccountsApi([alice, bob]);
    server.use(...device.handlers);
    const { user, router } = await renderApp('/login');

    await user.click(await screen.findByRole('button', { name: 'Remove all accounts' }));

    await waitFor(() => expect(locationOf(router)).toBe('/login/password'));
    expect(device.requests).toContain('DELETE /api/auth/removeDeviceUsers');
    expect(document.cookie).not.toMatch(/wm_exp_/);
  });

  it('offers another account on the password page, and a way back to the list', async () => {
    server.use(...deviceAccountsApi([alice]).handlers);
    const { user, router } = await renderApp('/login');

    await user.click(await screen.findByRole('button', { name: 'Use another account' }));
    await waitFor(() => expect(locationOf(router)).toBe('/login/password'));
    expect(await screen.findByRole('textbox', { name: /e-mail address/i })).toHaveValue('');

    await user.click(await screen.findByRole('link', { name: 'Choose an account' }));
    await waitFor(() => expect(locationOf(router)).toBe('/login'));
  });

  it('goes to the password sign-in when the device remembers no account, keeping the reason', async () => {
    rememberSessionSeen(); // someone was signed in on this browser before
    const { router } = await renderApp('/login?reason=missingExpiryCookie');

    await waitFor(() => expect(locationOf(router)).toBe('/login/password?reason=missingExpiryCookie'));
    expect(await screen.findByText(/you are not signed in/i)).toBeInTheDocument();
  });

  it('explains why the user is here', async () => {
    server.use(...deviceAccountsApi([alice]).handlers);
    await renderApp('/login?reason=apiRequestUnauthorized');

    expect(await screen.findByText(/your session has expired/i)).toBeInTheDocument();
    expect(await row('Alice Example')).toBeInTheDocument();
  });
});
