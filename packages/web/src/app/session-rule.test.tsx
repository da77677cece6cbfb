import { screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { buildSystemFolder, sampleTree } from '../test/folder.testing';
import { buildMessageSummaries } from '../features/messages/message.testing';
import { mailApi, signIn } from '../test/api-handlers.testing';
import { clearCookies } from '../test/cookies';
import { server } from '../test/msw-server';
import { renderApp } from '../test/render-app';

const signInWithReason = '/login/password?reason=missingExpiryCookie';
const locationOf = (router: Awaited<ReturnType<typeof renderApp>>['router']) =>
  `${router.state.location.pathname}${router.state.location.search}`;

describe('session rule', () => {
  it('sends a /u route without the expiry cookie to the password sign-in; a first visit hears no "session ended"', async () => {
    const { router } = await renderApp('/u/0/id-inbox');

    await waitFor(() => expect(locationOf(router)).toBe(signInWithReason));
    expect(await screen.findByRole('button', { name: 'Sign in' })).toBeInTheDocument();
    expect(screen.queryByText(/you are not signed in/i)).not.toBeInTheDocument();
  });

  it('says the session ended when someone was signed in on this browser and the session is gone', async () => {
    signIn(0);
    server.use(...mailApi({ tree: sampleTree(), messages: {} }).handlers);
    const signedIn = await renderApp('/u/0/id-inbox');
    expect(await screen.findByRole('heading', { name: 'Inbox' })).toBeInTheDocument();
    signedIn.unmount();

    clearCookies();
    const { router } = await renderApp('/u/0/id-inbox');
    await waitFor(() => expect(locationOf(router)).toBe(signInWithReason));
    expect(await screen.findByText(/you are not signed in, or your session has ended/i)).toBeInTheDocument();
  });

  it('treats a user index that is not a number as no session', async () => {
    signIn(0);
    const { router } = await renderApp('/u/abc');

    await waitFor(() => expect(locationOf(router)).toBe(signInWithReason));
  });

  it('needs the cookie of that very user index', async () => {
    signIn(1);
    const { router } = await renderApp('/u/0');

    await waitFor(() => expect(locationOf(router)).toBe(signInWithReason));
  });

  it('sends root and unknown paths to user 0, then to the inbox', async () => {
    signIn(0);
    const api = mailApi({ tree: sampleTree(), messages: { 'id-inbox': buildMessageSummaries(3) } });
    server.use(...api.handlers);

    const root = await renderApp('/');
    await waitFor(() => expect(locationOf(root.router)).toBe('/u/0/id-inbox'));
    root.unmount();

    const unknown = await renderApp('/no/such/page');
    await waitFor(() => expect(locationOf(unknown.router)).toBe('/u/0/id-inbox'));
    expect(await screen.findByRole('heading', { name: 'Inbox' })).toBeInTheDocument();
    expect(document.title).toBe('(3) Inbox - Webmail');
  });

  it('without an inbox shows "no inbox found" and goes to the password sign-in', async () => {
    signIn(0);
    const api = mailApi({ tree: [buildSystemFolder('sent')], messages: {} });
    server.use(...api.handlers);

    const { router } = await renderApp('/u/0');

    await waitFor(() => expect(locationOf(router)).toBe('/login/password'));
    expect(await screen.findByText('No inbox found')).toBeInTheDocument();
  });

  it('a 401 whose refresh fails too goes to the user select with reason apiRequestUnauthorized', async () => {
    signIn(0);
    const api = mailApi({ tree: sampleTree(), messages: {} });
    const unauthorized = () =>
      HttpResponse.json({ code: 'Unauthorized', message: 'Session expired' }, { status: 401 });
    server.use(...api.handlers);
    server.use(
      http.get('/api/u/:userIndex/mailbox', unauthorized),
      http.post('/api/auth/refresh', () => {
        clearCookies(); // the server ends the session and clears its cookies
        return unauthorized();
      }),
    );

    const { router } = await renderApp('/u/0');

    await waitFor(() => expect(locationOf(router)).toBe('/login?reason=apiRequestUnauthorized'));
    expect(await screen.findByText(/your session has expired/i)).toBeInTheDocument();
    // Alice's account stays on the device's list, now signed out.
    const alice = await screen.findByRole('button', { name: /^Alice Example/ });
    expect(alice).toHaveTextContent('Signed out');
  });
});
