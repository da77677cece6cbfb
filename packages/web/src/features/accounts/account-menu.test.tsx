import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { clearCookies } from '../../test/cookies';
import { mailApi, signIn } from '../../test/api-handlers.testing';
import { server } from '../../test/msw-server';
import { renderApp } from '../../test/render-app';
import { sampleTree } from '../mailboxes/folder.testing';

describe('account menu', () => {
  it('shows the user, links the other accounts and signs out', async () => {
    signIn(0);
    const api = mailApi({ tree: sampleTree(), messages: {} });
    let loggedOut: string | null = null;
    server.use(
      ...api.handlers,
      http.post('/api/auth/logout', ({ request }) => {
        loggedOut = new URL(request.url).searchParams.get('userIndex');
        clearCookies(); // the server clears this user's cookies
        return HttpResponse.json({ ok: true });
      }),
    );
    const { user, router } = await renderApp('/u/0/id-inbox');

    await user.click(await screen.findByRole('button', { name: 'Account: Alice Example' }));
    const menu = await screen.findByRole('menu');
    expect(within(menu).getByText('alice@example.test')).toBeInTheDocument();
    expect(within(menu).getByRole('menuitem', { name: /Bob Builder/ })).toHaveAttribute('href', '/u/1');

    await user.click(within(menu).getByRole('menuitem', { name: 'Sign out' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/login/password'));
    expect(loggedOut).toBe('0');
  });
});
