import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { ReadinessResponse } from '@webmail/contracts';
import { freshPostgresDatabase, startServer, type DbKind } from '../support/harness.testing.js';
import { startSwitchableRelay } from '../support/switchable-relay.testing.js';

type Server = Awaited<ReturnType<typeof startServer>>;
type Relay = Awaited<ReturnType<typeof startSwitchableRelay>>;

const ready = (server: Server) => server.client().get<ReadinessResponse>('/api/health/ready');

/** The readiness answer once it is what the test expects (a pooled connection may need one probe to notice). */
async function readyBecomes(server: Server, want: boolean): Promise<ReadinessResponse> {
  for (let attempt = 0; ; attempt += 1) {
    const res = await ready(server);
    expect(res.status).toBe(res.body.ready ? 200 : 503);
    if (res.body.ready === want || attempt >= 5) return res.body;
  }
}

const allOk = { database: 'ok', migrations: 'ok', imap: 'ok' };

/** A server whose IMAP server (and PostgreSQL) are reached through relays the test can switch off. */
async function startProbed(db: DbKind) {
  const imap = await startSwitchableRelay(inject('mailstack').ports.webmailImap);
  const env: Record<string, string> = { IMAP_PORT: String(imap.port) };
  let database: Relay | null = null;
  if (db === 'postgres') {
    const url = new URL(await freshPostgresDatabase());
    database = await startSwitchableRelay(Number(url.port));
    url.port = String(database.port);
    env.DATABASE_URL = url.toString();
  }
  const server = await startServer(db, env);
  const close = async () => {
    await server.close();
    await imap.close();
    await database?.close();
  };
  return { server, imap, database, close };
}

describe.each<DbKind>(['sqlite', 'postgres'])('health probes (%s)', (db) => {
  let server: Server;
  let imap: Relay;
  let close: () => Promise<void>;

  beforeAll(async () => {
    ({ server, imap, close } = await startProbed(db));
  });
  afterAll(() => close());

  it('live answers without a session and checks nothing', async () => {
    const res = await server.client().get('/api/health/live');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ live: true });
  });

  it('ready: 200 when the database, the migrations and the IMAP server are all there', async () => {
    const res = await ready(server);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ ready: true, checks: allOk });
    expect(res.headers.get('cache-control')).toBe('no-store');
  });

  it('ready goes 503 while the IMAP server is stopped, and back after', async () => {
    await imap.off();
    try {
      const down = await readyBecomes(server, false);
      expect(down).toEqual({ ready: false, checks: { ...allOk, imap: 'failed' } });
    } finally {
      await imap.on();
    }
    expect(await readyBecomes(server, true)).toEqual({ ready: true, checks: allOk });
  });

  it('ready goes 503 while a migration of this build is missing from the database, and back after', async () => {
    const { db: kysely } = server.app.services;
    const { rows } = await sql<{
      name: string;
      timestamp: string;
    }>`select name, timestamp from kysely_migration order by name desc limit 1`.execute(kysely);
    const newest = rows[0]!;
    await sql`delete from kysely_migration where name = ${newest.name}`.execute(kysely);
    try {
      expect(await readyBecomes(server, false)).toEqual({
        ready: false,
        checks: { ...allOk, migrations: 'failed' },
      });
    } finally {
      await sql`insert into kysely_migration (name, timestamp) values (${newest.name}, ${newest.timestamp})`.execute(
        kysely,
      );
    }
    expect(await readyBecomes(server, true)).toEqual({ ready: true, checks: allOk });
  });
});

describe('health probes while PostgreSQL is stopped', () => {
  let probed: Awaited<ReturnType<typeof startProbed>>;

  beforeAll(async () => {
    probed = await startProbed('postgres');
  });
  afterAll(() => probed.close());

  it('ready goes 503 while PostgreSQL is stopped, the process lives on, and ready again after', async () => {
    const { server, database } = probed;
    await database!.off();
    try {
      const down = await readyBecomes(server, false);
      expect(down.ready).toBe(false);
      expect(down.checks.database).toBe('failed');
      expect(down.checks.imap).toBe('ok');
      expect((await server.client().get('/api/health/live')).status).toBe(200);
    } finally {
      await database!.on();
    }
    expect(await readyBecomes(server, true)).toEqual({ ready: true, checks: allOk });
  });
});
