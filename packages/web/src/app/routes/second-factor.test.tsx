import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderApp } from '../../test/render-app';
import type { RouteHandle } from '../../shared/routing/app-paths';

const names = (router: Awaited<ReturnType<typeof renderApp>>['router']) =>
  router.state.matches.map((match) => (match.route.handle as RouteHandle | undefined)?.name).filter(Boolean);

describe('two-factor sign-in routes', () => {
  it('the bare 2fa path goes to the password page, keeping the query', async () => {
    const { router } = await renderApp('/login/2fa?email=alice%40example.test');

    await waitFor(() => expect(router.state.location.pathname).toBe('/login/password'));
    expect(router.state.location.search).toBe('?email=alice%40example.test');
  });

  for (const [path, name, text] of [
    ['/login/2fa/totp', 'AuthTotp', /code from an authenticator app is not available/],
    ['/login/2fa/webauthn', 'AuthWebauthn', /passkey or security key is not available/],
  ] as const) {
    it(`${path} says the method is not available yet and leads back to the password page`, async () => {
      const { router, user } = await renderApp(path);

      expect(
        await screen.findByRole('heading', { name: 'This sign-in method is not available yet' }),
      ).toBeInTheDocument();
      expect(screen.getByText(text)).toBeInTheDocument();
      expect(screen.queryByRole('textbox')).not.toBeInTheDocument();
      expect(names(router)).toEqual(['AuthLayout', 'Auth2FA', name]);

      await user.click(screen.getByRole('link', { name: 'Back to password sign-in' }));
      await waitFor(() => expect(router.state.location.pathname).toBe('/login/password'));
    });
  }

  it('the user-select and password pages carry their route names', async () => {
    const { router } = await renderApp('/login/password');
    await screen.findByRole('button', { name: 'Sign in' });
    expect(names(router)).toEqual(['AuthLayout', 'AuthLoginPassword']);
  });
});
