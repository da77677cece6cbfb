import net from 'node:net';
import SQLite from 'better-sqlite3';
import { sql } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inject } from 'vitest';
import type { ApiError } from '@webmail/contracts';
import type { TestResponse } from '../support/http-client.testing.js';
import { newMailUser, startServer } from '../support/harness.testing.js';

type Server = Awaited<ReturnType<typeof startServer>>;

/** A 503 in the API's shape with a Retry-After the client can wait out. */
function expectUnavailable(res: TestResponse<ApiError>, code: ApiError['code']) {
  expect(res.status).toBe(503);
  expect(res.body.code).toBe(code);
  expect(res.headers.get('retry-after')).toMatch(/^[1-9]\d*$/);
}

const rename = (server: Server, client: ReturnType<Server['client']>, name: string) =>
  client.patch<ApiError>('/api/u/0/details', { name });

describe('storage faults answer 503 with Retry-After (SQLite)', () => {
  let server: Server;
  let client: ReturnType<Server['client']>;

  beforeAll(async () => {
    server = await startServer('sqlite');
    const user = await newMailUser('store');
    client = server.client();
    await client.signIn(user.email, user.password);
  });
  afterAll(() => server.close());

  it('a database locked by another writer past the busy wait (SQLITE_BUSY)', async () => {
    const file = server.config.database.kind === 'sqlite' ? server.config.database.file : '';
    const other = new SQLite(file);
    try {
      other.exec('BEGIN EXCLUSIVE');
      expectUnavailable(await rename(server, client, 'Busy'), 'ServiceUnavailable');
    } finally {
      other.exec('ROLLBACK');
      other.close();
    }
    expect((await rename(server, client, 'Free again')).status).toBe(200);
  });

  it('a database that has become read-only (SQLITE_READONLY)', async () => {
    const db = server.app.services.db;
    await sql`PRAGMA query_only = ON`.execute(db);
    try {
      expectUnavailable(await rename(server, client, 'Read-only'), 'ServiceUnavailable');
    } finally {
      await sql`PRAGMA query_only = OFF`.execute(db);
    }
    expect((await rename(server, client, 'Writable')).status).toBe(200);
  });
});

describe('storage faults answer 503 with Retry-After (PostgreSQL)', () => {
  let server: Server;
  let client: ReturnType<Server['client']>;
  let admin: pg.Client;
  let database: string;

  beforeAll(async () => {
    server = await startServer('postgres');
    database = new URL(server.databaseUrl!).pathname.slice(1);
    admin = new pg.Client({ connectionString: inject('postgresUrl') });
    await admin.connect();
    const user = await newMailUser('store');
    client = server.client();
    await client.signIn(user.email, user.password);
  });
  afterAll(async () => {
    await admin.end();
    await server.close();
  });

  /**
   * Ends every connection of the server's database and waits until their backends have exited:
   * pg_terminate_backend only signals them, and a backend still alive when the next request borrows its connection
   * would fail that request at a moment the test does not choose.
   */
  const terminateAll = async () => {
    const { rows } = await admin.query<{ pid: number }>(
      'SELECT pid FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid()',
      [database],
    );
    const pids = rows.map((row) => row.pid);
    await admin.query('SELECT pg_terminate_backend(pid) FROM unnest($1::int[]) AS pid', [pids]);
    for (let i = 0; i < 1000; i += 1) {
      const left = await admin.query<{ n: number }>(
        'SELECT count(*)::int AS n FROM pg_stat_activity WHERE pid = ANY($1::int[])',
        [pids],
      );
      if (left.rows[0]!.n === 0) return;
      await new Promise((resolve) => setImmediate(resolve));
    }
    throw new Error('the terminated backends did not exit');
  };

  /**
   * After its connections were ended under it: a request that meets a connection the pool has not yet heard was
   * closed is a 503, and the next one is served on a new connection.
   */
  const servedAgain = async (subject: string) => {
    const first = await rename(server, client, subject);
    if (first.status !== 200) expectUnavailable(first, 'ServiceUnavailable');
    expect((await rename(server, client, `${subject} again`)).status).toBe(200);
  };

  it('a connection terminated in the middle of a query (57P01), and idle ones closed under the pool', async () => {
    const locker = new pg.Client({ connectionString: server.databaseUrl! });
    await locker.connect();
    try {
      await locker.query('BEGIN');
      await locker.query('LOCK TABLE users IN ACCESS EXCLUSIVE MODE');
      const pending = rename(server, client, 'Waiting');
      // The server's query waits for the lock; its backend is then ended from outside.
      let waiting: number | undefined;
      for (let i = 0; i < 200 && waiting === undefined; i += 1) {
        const rows = await admin.query<{ pid: number }>(
          "SELECT pid FROM pg_stat_activity WHERE datname = $1 AND wait_event_type = 'Lock'",
          [database],
        );
        waiting = rows.rows[0]?.pid;
        if (waiting === undefined) await new Promise((r) => setImmediate(r));
      }
      expect(waiting).toBeDefined();
      await admin.query('SELECT pg_terminate_backend($1)', [waiting]);
      expectUnavailable(await pending, 'ServiceUnavailable');
    } finally {
      await locker.query('ROLLBACK').catch(() => undefined);
      await locker.end();
    }
    // Idle pooled connections closed by the database server: the process lives on; a request that met a dead
    // connection before the pool heard of it is a 503, and the one after it reconnects.
    await terminateAll();
    await servedAgain('Reconnected');
  });

  it('a database switched to read-only (25006)', async () => {
    await admin.query(`ALTER DATABASE ${database} SET default_transaction_read_only = on`);
    await terminateAll();
    try {
      expectUnavailable(await rename(server, client, 'Read-only'), 'ServiceUnavailable');
    } finally {
      await admin.query(`ALTER DATABASE ${database} RESET default_transaction_read_only`);
      await terminateAll();
    }
    await servedAgain('Writable');
  });
});

/** A relay to the mail stack's webmail IMAP port that, once armed, cuts the connection at the next command. */
async function startCuttingRelay(upstreamPort: number) {
  let armed = false;
  let cuts = 0;
  const server = net.createServer((socket) => {
    const upstream = net.connect(upstreamPort, '127.0.0.1');
    const cut = () => {
      socket.destroy();
      upstream.destroy();
    };
    socket.on('error', cut).on('close', cut);
    upstream.on('error', cut).on('close', cut);
    socket.on('data', (chunk: Buffer) => {
      if (armed) {
        armed = false;
        cuts += 1;
        cut();
      } else upstream.write(chunk);
    });
    upstream.pipe(socket);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  return {
    port,
    arm: () => (armed = true),
    cuts: () => cuts,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

describe('a dropped IMAP connection answers 503 with Retry-After', () => {
  let server: Server;
  let relay: Awaited<ReturnType<typeof startCuttingRelay>>;
  let client: ReturnType<Server['client']>;

  beforeAll(async () => {
    relay = await startCuttingRelay(inject('mailstack').ports.webmailImap);
    server = await startServer('sqlite', { IMAP_PORT: String(relay.port) });
    const user = await newMailUser('imapdrop');
    client = server.client();
    await client.signIn(user.email, user.password);
  });
  afterAll(async () => {
    await server.close();
    await relay.close();
  });

  it('GET a message list while the connection drops; the folder list asks its LIST again instead', async () => {
    const folders = await client.get<{ mailboxes: Array<{ id: string; role?: string | null }> }>(
      '/api/u/0/mailbox',
    );
    expect(folders.status).toBe(200);
    const inbox = folders.body.mailboxes[0]!.id;
    const messages = `/api/u/0/mailbox/${inbox}/messages`;
    relay.arm();
    expectUnavailable(await client.get<ApiError>(messages), 'MailServerUnavailable');
    expect(relay.cuts()).toBe(1);
    // The next request logs in again.
    expect((await client.get(messages)).status).toBe(200);

    // LIST only reads: cut, it is asked again on a new connection and the tree is answered.
    relay.arm();
    const again = await client.get<{ mailboxes: Array<{ id: string }> }>('/api/u/0/mailbox');
    expect(relay.cuts()).toBe(2);
    expect(again.status).toBe(200);
    expect(again.body.mailboxes.map((f) => f.id)).toEqual(folders.body.mailboxes.map((f) => f.id));
  });
});
