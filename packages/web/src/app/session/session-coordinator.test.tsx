import { QueryClient } from '@tanstack/react-query';
import { screen, waitFor, within } from '@testing-library/react';
import type { SessionBroadcast } from '@webmail/contracts';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  alice,
  bob,
  carol,
  deviceAccountsApi,
  signInAccount,
} from '../../features/accounts/accounts.testing';
import { installFakeEventSource } from '../../features/events/event-source.testing';
import { sampleTree } from '../../test/folder.testing';
import { openSessionChannel, type SessionChannel } from '../../shared/session/session-channel';
import { mailApi } from '../../test/api-handlers.testing';
import { clearCookie } from '../../test/cookies';
import { server } from '../../test/msw-server';
import { renderApp } from '../../test/render-app';
import { createSessionCoordinator, type NavigatingRouter } from './session-coordinator';

type Rendered = Awaited<ReturnType<typeof renderApp>>;
const locationOf = (router: Rendered['router']) =>
  `${router.state.location.pathname}${router.state.location.search}`;

const opened: Array<{ close: () => void }> = [];
afterEach(() => {
  for (const item of opened.splice(0)) item.close();
});

/** The other tab's end of the line: what it posts reaches the rendered app (tab A), and it hears tab A. */
function otherTab(): SessionChannel & { heard: SessionBroadcast[] } {
  const channel = openSessionChannel();
  opened.push(channel);
  const heard: SessionBroadcast[] = [];
  channel.subscribe((message) => heard.push(message));
  return Object.assign(channel, { heard });
}

function setUp(accounts = [alice, bob, carol]) {
  const mail = mailApi({ tree: sampleTree(), messages: {} });
  const device = deviceAccountsApi(accounts);
  server.use(...mail.handlers);
  server.use(...device.handlers);
  const accountListReads = () => device.requests.filter((r) => r === 'GET /api/auth/accounts').length;
  return { mail, device, accountListReads };
}

async function openMenu(app: Rendered, name: string) {
  await app.user.click(await screen.findByRole('button', { name: `Account: ${name}` }));
  return screen.findByRole('menu');
}

describe('cross-tab session messages', () => {
  it('a user logged out in another tab: this tab, showing that user, goes to the user select', async () => {
    signInAccount(0);
    signInAccount(1);
    const { accountListReads } = setUp();
    const app = await renderApp('/u/1/id-inbox');
    await screen.findByRole('heading', { name: 'Inbox' });
    const readsBefore = accountListReads();
    const tabB = otherTab();

    clearCookie('wm_exp_1'); // the server ended Bob's session for the whole browser
    tabB.post({ type: 'userLoggedOut', kind: 'user', userIndex: 1 });

    await waitFor(() => expect(locationOf(app.router)).toBe('/login'));
    await waitFor(() => expect(accountListReads()).toBeGreaterThan(readsBefore));
    expect(app.queryClient.getQueryCache().findAll({ predicate: (q) => q.queryKey[1] === 1 })).toEqual([]);
    expect(await screen.findByRole('button', { name: /^Bob Builder/ })).toHaveTextContent('Signed out');
  });

  it('another user logged out elsewhere: this tab stays and its dropdown drops the account', async () => {
    signInAccount(0);
    signInAccount(1);
    const { device } = setUp();
    const app = await renderApp('/u/0/id-inbox');
    expect(within(await openMenu(app, 'Alice Example')).getByText('Bob Builder')).toBeInTheDocument();
    const tabB = otherTab();

    window.localStorage.setItem('webmail.draft.0.d-alice', '{}');
    window.localStorage.setItem('webmail.draft.1.d-bob', '{}');
    device.setAccounts([alice, carol]);
    clearCookie('wm_exp_1');
    tabB.post({ type: 'userLoggedOut', kind: 'deviceUser', userIndex: 1 });

    await waitFor(() => expect(screen.queryByText('Bob Builder')).not.toBeInTheDocument());
    expect(locationOf(app.router)).toBe('/u/0/id-inbox');
    // Bob was forgotten on this device: his drafts' local copies go, Alice's stay.
    expect(window.localStorage.getItem('webmail.draft.1.d-bob')).toBeNull();
    expect(window.localStorage.getItem('webmail.draft.0.d-alice')).toBe('{}');
  });

  it('a device-user logout elsewhere of the shown user: user select if accounts remain, else password', async () => {
    signInAccount(0);
    const { device } = setUp([alice, bob]);
    const app = await renderApp('/u/0/id-inbox');
    await screen.findByRole('heading', { name: 'Inbox' });
    const tabB = otherTab();

    device.setAccounts([bob]);
    clearCookie('wm_exp_0');
    tabB.post({ type: 'userLoggedOut', kind: 'deviceUser', userIndex: 0 });
    await waitFor(() => expect(locationOf(app.router)).toBe('/login'));
    app.unmount();

    signInAccount(1);
    device.setAccounts([bob]);
    const second = await renderApp('/u/1/id-inbox');
    await screen.findByRole('heading', { name: 'Inbox' });
    device.setAccounts([]);
    clearCookie('wm_exp_1');
    tabB.post({ type: 'userLoggedOut', kind: 'deviceUser', userIndex: 1 });
    await waitFor(() => expect(locationOf(second.router)).toBe('/login/password'));
  });

  it('a device logout elsewhere: password sign-in and nothing cached', async () => {
    signInAccount(0);
    setUp();
    const app = await renderApp('/u/0/id-inbox');
    await screen.findByRole('heading', { name: 'Inbox' });
    const tabB = otherTab();

    window.localStorage.setItem('webmail.draft.0.d-1', '{}');
    window.localStorage.setItem('webmail.draft.3.d-2', '{}');
    window.localStorage.setItem('webmail.language', 'en');
    clearCookie('wm_exp_0');
    tabB.post({ type: 'userLoggedOut', kind: 'device', userIndex: null });

    await waitFor(() => expect(locationOf(app.router)).toBe('/login/password'));
    // Every account was forgotten: no draft text stays behind in the browser; other settings do.
    await waitFor(() => expect(window.localStorage.getItem('webmail.draft.0.d-1')).toBeNull());
    expect(window.localStorage.getItem('webmail.draft.3.d-2')).toBeNull();
    expect(window.localStorage.getItem('webmail.language')).toBe('en');
    expect(
      app.queryClient.getQueryCache().findAll({ predicate: (q) => q.queryKey[0] !== 'accounts' }),
    ).toEqual([]);
  });

  it('a sign-in elsewhere shows up in this tab’s dropdown without a reload', async () => {
    signInAccount(0);
    const { device } = setUp([alice]);
    const app = await renderApp('/u/0/id-inbox');
    await screen.findByRole('heading', { name: 'Inbox' });
    const tabB = otherTab();

    signInAccount(1);
    device.setAccounts([alice, bob]);
    tabB.post({ type: 'userLoggedIn', userIndex: 1 });

    const menu = await openMenu(app, 'Alice Example');
    expect(await within(menu).findByRole('menuitem', { name: /Bob Builder/ })).toHaveAttribute(
      'href',
      '/u/1',
    );
  });

  it('tells the other tabs about a sign-out here, and they follow the same rules', async () => {
    signInAccount(0);
    signInAccount(1);
    setUp();
    const app = await renderApp('/u/0/id-inbox');
    const tabB = otherTab();
    // A second listener with its own router and cache: a tab that shows Alice too.
    const tabCNavigate = vi.fn<NavigatingRouter['navigate']>(() => Promise.resolve());
    const tabC = createSessionCoordinator({
      router: { state: { location: { pathname: '/u/0/id-inbox' } }, navigate: tabCNavigate },
      queryClient: new QueryClient(),
      channel: openSessionChannel(),
    });
    opened.push({ close: tabC.dispose });

    await app.user.click(
      within(await openMenu(app, 'Alice Example')).getByRole('menuitem', { name: 'Sign out' }),
    );

    await waitFor(() => expect(locationOf(app.router)).toBe('/login'));
    await waitFor(() =>
      expect(tabB.heard).toEqual([{ type: 'userLoggedOut', kind: 'deviceUser', userIndex: 0 }]),
    );
    await waitFor(() =>
      expect(tabCNavigate).toHaveBeenCalledWith('/login', { replace: true, flushSync: true }),
    );
  });

  it('announces a sign-in to the other tabs', async () => {
    const tabB = otherTab();
    server.use(
      ...mailApi({ tree: sampleTree(), messages: {} }).handlers,
      ...deviceAccountsApi([alice]).handlers,
    );
    server.use(
      http.post('/api/auth', () => {
        signInAccount(0);
        return HttpResponse.json({
          userIndex: 0,
          user: { id: 'u1', email: 'alice@example.test', name: 'Alice Example', twoFactor: [] },
          expiresAt: Date.now() + 3_600_000,
        });
      }),
    );
    const app = await renderApp('/login/password');

    await app.user.type(
      await screen.findByRole('textbox', { name: /e-mail address/i }),
      'alice@example.test',
    );
    await app.user.type(screen.getByLabelText(/^password/i), 'alice-demo');
    await app.user.click(screen.getByRole('button', { name: 'Sign in' }));

    await waitFor(() => expect(tabB.heard).toEqual([{ type: 'userLoggedIn', userIndex: 0 }]));
  });
});

describe('user logout (the server ended the session)', () => {
  it('ends the session, keeps the account on the device and goes to the user select', async () => {
    signInAccount(0);
    const { device } = setUp([alice]);
    const sources = installFakeEventSource();
    const app = await renderApp('/u/0/id-inbox');
    await screen.findByRole('heading', { name: 'Inbox' });
    await waitFor(() => expect(sources.all).toHaveLength(1));
    sources.latest().open();

    // Signed out elsewhere (another browser's security page, the server): the cookie is gone, the stream says so.
    clearCookie('wm_exp_0');
    sources.latest().send({ command: 'logout', kind: 'user' });

    await waitFor(() => expect(locationOf(app.router)).toBe('/login'));
    expect(await screen.findByRole('button', { name: /^Alice Example/ })).toHaveTextContent('Signed out');
    expect(device.requests).not.toContain('DELETE /api/auth/removeDeviceUser?index=0');
    expect(document.cookie).not.toMatch(/wm_exp_0/);
  });
});
