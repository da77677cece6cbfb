import { screen, waitFor, within } from '@testing-library/react';
import { delay, http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { alice, deviceAccountsApi, signInAccount } from '../../features/accounts/accounts.testing';
import { serveCompose } from '../../features/compose/compose.testing';
import { readLocalDraft } from '../../features/compose/lib/local-draft-store';
import { sampleTree } from '../../test/folder.testing';
import { mailApi } from '../../test/api-handlers.testing';
import { setBrowserOnline } from '../../test/connectivity';
import { server } from '../../test/msw-server';
import { renderApp } from '../../test/render-app';

const offlineText = 'You are offline. Showing mail saved on this device; changes need a connection.';
const unreachableText = 'The server cannot be reached. Showing mail saved on this device; trying again…';

function setUp() {
  signInAccount(0);
  const device = deviceAccountsApi([alice]);
  server.use(...mailApi({ tree: sampleTree(), messages: {} }).handlers, ...device.handlers);
  return device;
}

describe('offline', () => {
  it('shows the banner while the browser is offline, and hides it when the network is back', async () => {
    setUp();
    await renderApp('/u/0/id-inbox');
    await screen.findByRole('heading', { name: 'Inbox' });
    expect(screen.queryByText(offlineText)).not.toBeInTheDocument();

    setBrowserOnline(false);
    expect(await screen.findByText(offlineText)).toBeInTheDocument();
    setBrowserOnline(true);
    await waitFor(() => expect(screen.queryByText(offlineText)).not.toBeInTheDocument());
  });

  it('says the server cannot be reached after a request got no answer, until one is answered', async () => {
    signInAccount(0);
    server.use(http.get('/api/*', () => HttpResponse.error()));
    const app = await renderApp('/u/0');

    expect(await screen.findByText(unreachableText)).toBeInTheDocument();
    server.resetHandlers();
    setUp();
    await app.user.click((await screen.findAllByRole('button', { name: 'Retry' }))[0]!);
    await screen.findByRole('heading', { name: 'Inbox' });
    await waitFor(() => expect(screen.queryByText(unreachableText)).not.toBeInTheDocument());
  });

  it('refuses an action that needs the server in words, without sending it', async () => {
    const device = setUp();
    const app = await renderApp('/u/0/id-inbox');
    await screen.findByRole('heading', { name: 'Inbox' });
    setBrowserOnline(false);

    await app.user.click(await screen.findByRole('button', { name: 'Account: Alice Example' }));
    await app.user.click(within(await screen.findByRole('menu')).getByRole('menuitem', { name: 'Sign out' }));

    expect(
      await screen.findByText('You are offline. This needs a connection to the server.'),
    ).toBeInTheDocument();
    expect(device.requests.filter((request) => !request.startsWith('GET'))).toEqual([]);
    expect(app.router.state.location.pathname).toBe('/u/0/id-inbox');
  });

  it('says what is not on the device instead of spinning while offline', async () => {
    setUp();
    server.use(http.get('/api/u/:userIndex/mailbox/:mailboxId/messages', () => delay('infinite')));
    await renderApp('/u/0/id-inbox');
    expect(await screen.findByRole('status', { name: 'Loading messages' })).toBeInTheDocument();
    setBrowserOnline(false);
    expect(
      await screen.findByText('Not saved on this device. It loads when the connection is back.'),
    ).toBeInTheDocument();
  });

  it('keeps what is typed offline on the device, sends nothing, and saves it once back online', async () => {
    const api = serveCompose();
    const { user, router } = await renderApp('/u/0/compose');
    const subject = await screen.findByRole('textbox', { name: 'Subject' });
    setBrowserOnline(false);
    await user.type(subject, 'Written offline');

    expect(
      await screen.findByText(
        'Not saved: kept on this device until the server can be reached',
        {},
        { timeout: 4000 },
      ),
    ).toBeInTheDocument();
    const draftId = router.state.location.pathname.split('/').pop()!;
    expect(readLocalDraft(0, draftId)?.draft.subject).toBe('Written offline');
    expect(api.requests.filter((request) => request.method === 'PUT')).toEqual([]);

    setBrowserOnline(true);
    expect(await screen.findByText('Saved', {}, { timeout: 4000 })).toBeInTheDocument();
    expect(api.requests.filter((request) => request.method === 'PUT')).toHaveLength(1);
  });

  it('tells the sign-in page that signing in needs a connection', async () => {
    setUp();
    await renderApp('/login/password');
    setBrowserOnline(false);
    expect(await screen.findByText('You are offline. Signing in needs a connection.')).toBeInTheDocument();
  });
});
