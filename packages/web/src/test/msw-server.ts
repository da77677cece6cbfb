import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';

/**
 * The HTTP layer of every test; each test adds the handlers it needs with `server.use`. Two answers every page
 * may ask for are there by default (they survive `resetHandlers`): the health check without an external sign-in
 * application, and a device that remembers no account.
 */
export const server = setupServer(
  http.get('/api/', () =>
    HttpResponse.json({ ok: true, name: 'webmail', version: '0.0.0', authAppUrl: null }),
  ),
  http.get('/api/auth/accounts', () => HttpResponse.json({ accounts: [] })),
);
