import type { AccountEntry } from '@webmail/contracts';
import { http, HttpResponse } from 'msw';
import { clearCookie, setCookie } from '../../test/cookies';

export function buildAccount(
  uid: number,
  name: string,
  email = `${name.split(' ')[0]!.toLowerCase()}@example.test`,
) {
  return { uid, name, email, avatar: null } satisfies AccountEntry;
}

export const alice = buildAccount(0, 'Alice Example');
export const bob = buildAccount(1, 'Bob Builder');
export const carol = buildAccount(2, 'Carol Clerk');

/** Signs an account in on the test device: the server would set its expiry cookie. */
export function signInAccount(uid: number): void {
  setCookie(`wm_exp_${uid}`, String(Date.now() + 3_600_000));
}

/**
 * The device's account list on an in-memory server: GET /auth/accounts, the device-user and device logouts, and the
 * user logout. Like the server, signing out clears the account's expiry cookie. Requests are recorded.
 */
export function deviceAccountsApi(initial: AccountEntry[]) {
  let accounts = [...initial];
  const requests: string[] = [];
  const record = (request: Request) => {
    const url = new URL(request.url);
    requests.push(`${request.method} ${url.pathname}${url.search}`);
  };

  const handlers = [
    http.get('/api/auth/accounts', ({ request }) => {
      record(request);
      return HttpResponse.json({ accounts });
    }),
    http.delete('/api/auth/removeDeviceUser', ({ request }) => {
      record(request);
      const index = Number(new URL(request.url).searchParams.get('index'));
      accounts = accounts.filter((account) => account.uid !== index);
      clearCookie(`wm_exp_${index}`);
      return HttpResponse.json({ accounts });
    }),
    ...(['delete', 'post'] as const).map((method) =>
      http[method](
        method === 'delete' ? '/api/auth/removeDeviceUsers' : '/api/auth/logoutAll',
        ({ request }) => {
          record(request);
          for (const account of accounts) clearCookie(`wm_exp_${account.uid}`);
          accounts = [];
          return HttpResponse.json({ accounts });
        },
      ),
    ),
    http.post('/api/auth/logout', ({ request }) => {
      record(request);
      clearCookie(`wm_exp_${new URL(request.url).searchParams.get('userIndex')}`);
      return HttpResponse.json({ ok: true });
    }),
  ];

  return {
    handlers,
    requests,
    /** Changes the list as another tab would (a sign-in or sign-out there). */
    setAccounts: (next: AccountEntry[]) => {
      accounts = [...next];
    },
  };
}
