import { screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { browserWindow } from '../../shared/browser/browser-window';
import { server } from '../../test/msw-server';
import { renderApp } from '../../test/render-app';

const health = (authAppUrl: string | null) =>
  http.get('/api/', () => HttpResponse.json({ ok: true, name: 'webmail', version: '1', authAppUrl }));

describe('external sign-in application (AUTH_APP_URL)', () => {
  it('sends the browser there with the language and the reason, instead of the built-in page', async () => {
    server.use(health('https://auth.example/sso'));
    const assign = vi.spyOn(browserWindow, 'assign').mockImplementation(() => {});

    await renderApp('/u/0/id-inbox', { language: 'et' }); // not signed in: the session rule sends it to sign in

    await waitFor(() =>
      expect(assign).toHaveBeenCalledWith('https://auth.example/sso/et?reason=missingExpiryCookie'),
    );
    expect(assign).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('textbox')).not.toBeInTheDocument();
  });

  it('passes no reason when there is none', async () => {
    server.use(health('https://auth.example/'));
    const assign = vi.spyOn(browserWindow, 'assign').mockImplementation(() => {});

    await renderApp('/login', { language: 'fi' });

    await waitFor(() => expect(assign).toHaveBeenCalledWith('https://auth.example/fi'));
  });

  it('serves the built-in pages when none is configured', async () => {
    server.use(health(null));
    const assign = vi.spyOn(browserWindow, 'assign');

    await renderApp('/login/password');

    expect(await screen.findByRole('button', { name: 'Sign in' })).toBeInTheDocument();
    expect(assign).not.toHaveBeenCalled();
  });

  it('serves the built-in pages when the check fails, so nobody is locked out', async () => {
    server.use(
      http.get('/api/', () => HttpResponse.json({ code: 'Internal', message: 'x' }, { status: 500 })),
    );
    const assign = vi.spyOn(browserWindow, 'assign');

    await renderApp('/login/password');

    expect(await screen.findByRole('button', { name: 'Sign in' })).toBeInTheDocument();
    expect(assign).not.toHaveBeenCalled();
  });
});
