import { sql } from 'kysely';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { inject } from 'vitest';
import type { ApiError } from '@webmail/contracts';
import type { TestClient, TestResponse } from '../support/http-client.testing.js';
import { dbKinds, newMailUser, startServer, type DbKind } from '../support/harness.testing.js';

type Server = Awaited<ReturnType<typeof startServer>>;

const refresh = (client: TestClient) => client.post<ApiError>('/api/auth/refresh?userIndex=0');

/** Session cookies the answer removes (Max-Age=0 / expired), by name. */
const cleared = (res: TestResponse<unknown>) =>
  res.setCookies
    .filter((line) => /max-age=0\b|expires=Thu, 01 Jan 1970/i.test(line))
    .map((line) => line.split('=')[0]);

/** Makes the server's database refuse every write, and the way back. */
async function readOnly(db: DbKind, server: Server): Promise<() => Promise<void>> {
  if (db === 'sqlite') {
    await sql`PRAGMA query_only = ON`.execute(server.app.services.db);
    return async () => void (await sql`PRAGMA query_only = OFF`.execute(server.app.services.db));
  }
  const admin = new pg.Client({ connectionString: inject('postgresUrl') });
  await admin.connect();
  const name = new URL(server.databaseUrl!).pathname.slice(1);
  // New connections start read-only; the pool's present ones are ended so that it opens new ones.
  const terminate = () =>
    admin.query('SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = $1', [name]);
  await admin.query(`ALTER DATABASE ${name} SET default_transaction_read_only = on`);
  await terminate();
  return async () => {
    await admin.query(`ALTER DATABASE ${name} RESET default_transaction_read_only`);
    await terminate();
    await admin.end();
  };
}

describe.each(dbKinds)('a refresh that fails on the server keeps the session (%s)', (db) => {
  let server: Server;
  afterAll(() => server.close());

  it('answers 503 with Retry-After and clears no cookie while the database is read-only; works after', async () => {
    server = await startServer(db);
    const user = await newMailUser('refresh');
    const client = server.client();
    await client.signIn(user.email, user.password);
    const before = new Map(client.cookies);

    const restore = await readOnly(db, server);
    try {
      // Twice: a dead pooled connection (PostgreSQL) and the read-only database itself both answer 503.
      for (let attempt = 0; attempt < 2; attempt += 1) {
        const res = await refresh(client);
        expect(res.status).toBe(503);
        expect(res.body.code).toBe('ServiceUnavailable');
        expect(res.headers.get('retry-after')).toMatch(/^[1-9]\d*$/);
        expect(res.setCookies).toEqual([]);
      }
    } finally {
      await restore();
    }
    expect(new Map(client.cookies)).toEqual(before);
    // The same refresh token still works: nothing was rotated while the database refused.
    // Each pooled connection the restore ended answers 503 once, when it is next taken (at most the pool's 10):
    // how many the pool held depends on how many requests ran at once before.
    let ok = await refresh(client);
    for (let taken = 1; ok.status === 503 && taken <= 10; taken += 1) ok = await refresh(client);
    expect(ok.status).toBe(200);
    expect((await client.get('/api/u/0/mailbox')).status).toBe(200);
  });

  it('clears the session only when the token is refused (reused, unknown, missing)', async () => {
    const user = await newMailUser('refused');
    const client = server.client();
    await client.signIn(user.email, user.password);
    const stale = client.cookies.get('wm_rt_0')!;
    expect((await refresh(client)).status).toBe(200);

    const variants: Array<[string, (c: TestClient) => void]> = [
      ['reused token', (c) => c.cookies.set('wm_rt_0', stale)],
      [
        'unknown token',
        (c) => c.cookies.set('wm_rt_0', { value: `${'x'.repeat(24)}.${'y'.repeat(43)}`, attributes: '' }),
      ],
      ['no token', (c) => c.cookies.delete('wm_rt_0')],
    ];
    for (const [name, spoil] of variants) {
      const copy = server.client();
      for (const [k, v] of client.cookies) copy.cookies.set(k, v);
      spoil(copy);
      const res = await refresh(copy);
      expect(res.status, name).toBe(401);
      expect(cleared(res), name).toEqual(
        expect.arrayContaining(['wm_at_0', 'wm_rt_0', 'wm_sk_0', 'wm_exp_0']),
      );
    }
  });
});
