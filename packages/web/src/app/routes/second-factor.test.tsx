import { screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { sampleTree } from '../../test/folder.testing';
import { mailApi, signIn } from '../../test/api-handlers.testing';
import { server } from '../../test/msw-server';
import { renderApp } from '../../test/render-app';
import type { RouteHandle } from '../../shared/routing/app-paths';

const names = (router: Awaited<ReturnType<typeof renderApp>>['router']) =>
  router.state.matches.map((match) => (match.route.handle as RouteHandle | undefined)?.name).filter(Boolean);

const pending = {
  secondFactor: { id: 'pending-id-0123456789', methods: ['totp', 'webauthn'], expiresAt: 0 },
};

describe('two-factor sign-in routes', () => {
  it('the bare 2fa path goes to the password page, keeping the query', async () => {
    const { router } = await renderApp('/login/2fa?email=alice%40example.test');

    await waitFor(() => expect(router.state.location.pathname).toBe('/login/password'));
    expect(router.state.location.search).toBe('?email=alice%40example.test');
  });

  it('a second-factor page without a pending sign-in (a reload) starts again at the password page', async () => {
    const { router } = await renderApp('/login/2fa/totp');
    await waitFor(() => expect(router.state.location.pathname).toBe('/login/password'));
  });

  it('after the password asks for the code; a wrong one says so, the right one signs in', async () => {
    let codeBody: unknown;
    server.use(
      http.post('/api/auth', () => HttpResponse.json(pending)),
      http.post('/api/auth/2fa', async ({ request }) => {
        codeBody = await request.json();
        if ((codeBody as { code: string }).code === '000000') {
          return HttpResponse.json(
            { code: 'AuthFailed', reason: 'wrongCode', message: 'The code is not valid' },
            { status: 401 },
          );
        }
        signIn(0);
        return HttpResponse.json({
          userIndex: 0,
          user: { id: 'a', email: 'alice@example.test', name: 'Alice', twoFactor: ['totp', 'webauthn'] },
          expiresAt: Date.now() + 3_600_000,
        });
      }),
      ...mailApi({ tree: sampleTree(), messages: {} }).handlers,
    );
    const { user, router } = await renderApp('/login/password');
    await user.type(await screen.findByRole('textbox', { name: /e-mail address/i }), 'alice@example.test');
    await user.type(screen.getByLabelText(/^password/i), 'alice-demo');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));

    // A passkey is offered first when the account has one; the code is one click away.
    await waitFor(() => expect(router.state.location.pathname).toBe('/login/2fa/webauthn'));
    expect(names(router)).toEqual(['AuthLayout', 'Auth2FA', 'AuthWebauthn']);
    await user.click(await screen.findByRole('link', { name: 'Use a code instead' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login/2fa/totp'));

    await user.type(await screen.findByLabelText('Code'), '000000');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('That code is not valid.');
    await user.clear(screen.getByLabelText('Code'));
    await user.type(screen.getByLabelText('Code'), '123456');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/u/0/id-inbox'));
    expect(codeBody).toEqual({ id: 'pending-id-0123456789', code: '123456' });
  });

  it('the user-select and password pages carry their route names', async () => {
    const { router } = await renderApp('/login/password');
    await screen.findByRole('button', { name: 'Sign in' });
    expect(names(router)).toEqual(['AuthLayout', 'AuthLoginPassword']);
  });
});
