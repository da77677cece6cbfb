import { screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { mailApi, signIn } from '../../test/api-handlers.testing';
import { server } from '../../test/msw-server';
import { renderApp } from '../../test/render-app';
import { rememberSessionSeen } from '../../shared/session/session';
import { sampleTree } from '../../test/folder.testing';

async function fillAndSubmit(
  user: Awaited<ReturnType<typeof renderApp>>['user'],
  email: string,
  password: string,
) {
  await user.type(await screen.findByRole('textbox', { name: /e-mail address/i }), email);
  await user.type(screen.getByLabelText(/^password/i), password);
  await user.click(screen.getByRole('button', { name: 'Sign in' }));
}

describe('password sign-in', () => {
  it('signs in and goes to the inbox of the returned user index', async () => {
    const api = mailApi({ tree: sampleTree(), messages: {} });
    let body: unknown;
    server.use(
      http.post('/api/auth', async ({ request }) => {
        body = await request.json();
        signIn(2); // the server sets the expiry cookie with the session
        return HttpResponse.json({
          userIndex: 2,
          user: { id: 'u1', email: 'alice@example.test', name: 'Alice Example', twoFactor: [] },
          expiresAt: Date.now() + 3_600_000,
        });
      }),
      ...api.handlers,
    );
    const { user, router } = await renderApp('/login/password');

    await fillAndSubmit(user, ' alice@example.test ', 'alice-demo');

    await waitFor(() => expect(router.state.location.pathname).toBe('/u/2/id-inbox'));
    expect(body).toEqual({ email: 'alice@example.test', password: 'alice-demo' });
    expect(await screen.findByRole('heading', { name: 'Inbox' })).toBeInTheDocument();
  });

  it('shows a 401 in the form and stays on the page', async () => {
    server.use(
      http.post('/api/auth', () =>
        HttpResponse.json(
          { code: 'AuthFailed', message: 'Wrong e-mail address or password' },
          { status: 401 },
        ),
      ),
    );
    const { user, router } = await renderApp('/login/password');

    await fillAndSubmit(user, 'alice@example.test', 'nope');

    expect(await screen.findByRole('alert')).toHaveTextContent(/^Wrong e-mail or password$/);
    expect(router.state.location.pathname).toBe('/login/password');
    expect(router.state.location.search).toBe('');
  });

  it('shows the 401 in the interface language', async () => {
    server.use(
      http.post('/api/auth', () =>
        HttpResponse.json(
          { code: 'AuthFailed', message: 'Wrong e-mail address or password' },
          { status: 401 },
        ),
      ),
    );
    const { user } = await renderApp('/login/password', { language: 'fi' });

    await user.type(await screen.findByRole('textbox', { name: /sähköpostiosoite/i }), 'alice@example.test');
    await user.type(screen.getByLabelText(/^salasana/i), 'nope');
    await user.click(screen.getByRole('button', { name: 'Kirjaudu' }));

    expect(await screen.findByRole('alert')).toHaveTextContent('Väärä sähköpostiosoite tai salasana');
  });

  it('shows 422 field errors under their fields', async () => {
    server.use(
      http.post('/api/auth', () =>
        HttpResponse.json(
          {
            code: 'ValidationError',
            message: 'Invalid input',
            errors: { email: ['Domain unknown', 'Too short'] },
          },
          { status: 422 },
        ),
      ),
    );
    const { user } = await renderApp('/login/password');

    await fillAndSubmit(user, 'alice@example.test', 'secret');

    const email = screen.getByRole('textbox', { name: /e-mail address/i });
    await waitFor(() => expect(email).toHaveAccessibleDescription('Domain unknown, Too short'));
    expect(email).toHaveAttribute('aria-invalid', 'true');
  });

  it('shows too many attempts on 429', async () => {
    server.use(
      http.post('/api/auth', () =>
        HttpResponse.json({ code: 'RateLimited', message: 'Slow down' }, { status: 429 }),
      ),
    );
    const { user } = await renderApp('/login/password');

    await fillAndSubmit(user, 'alice@example.test', 'secret');

    expect(await screen.findByRole('alert')).toHaveTextContent(/too many sign-in attempts/i);
  });

  it('checks the fields before sending anything', async () => {
    let called = false;
    server.use(
      http.post('/api/auth', () => {
        called = true;
        return HttpResponse.json({});
      }),
    );
    const { user } = await renderApp('/login/password');

    await user.type(await screen.findByRole('textbox', { name: /e-mail address/i }), 'not-an-address');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));

    expect(screen.getByRole('textbox', { name: /e-mail address/i })).toHaveAccessibleDescription(
      'Invalid email format',
    );
    expect(screen.getByLabelText(/^password/i)).toHaveAccessibleDescription('Enter your password');
    expect(called).toBe(false);
  });

  it('explains why the user was sent to sign in', async () => {
    rememberSessionSeen(); // someone was signed in on this browser before
    await renderApp('/login/password?reason=missingExpiryCookie');

    expect(await screen.findByText(/you are not signed in, or your session has ended/i)).toBeInTheDocument();
    expect(document.title).toBe('Sign in - Webmail');
  });

  it('switches the language and remembers it', async () => {
    const { user } = await renderApp('/login/password');

    await user.click(await screen.findByRole('button', { name: /language: english/i }));
    await user.click(screen.getByRole('menuitem', { name: 'Suomi' }));

    expect(await screen.findByRole('heading', { name: 'Kirjaudu sisään' })).toBeInTheDocument();
    expect(window.localStorage.getItem('webmail.language')).toBe('fi');
    expect(document.documentElement.lang).toBe('fi');
  });
});
