import { mkdirSync } from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { Kysely, Migrator, PostgresDialect, SqliteDialect, type Migration } from 'kysely';
import pg from 'pg';
import type { Config } from '../config.js';
import { migrationProvider } from './migrations.js';

// int8 (bigint) columns hold epoch milliseconds, well inside Number's safe range.
pg.types.setTypeParser(20, (value) => Number(value));

/**
 * The tables of the webmail database. Each owner declares its own tables next to its code (`*.tables.ts`) by
 * augmenting this interface, so infra knows no feature: `infra/session/session.tables.ts`,
 * `mail/folder-ids.tables.ts`, `features/<f>/<f>.tables.ts`.
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type
export interface Database {}

export type Db = Kysely<Database>;

export function createDatabase(
  config: Pick<Config, 'database'>,
  log?: { warn: (obj: object, msg: string) => void },
): Db {
  if (config.database.kind === 'postgres') {
    const pool = new pg.Pool({ connectionString: config.database.url, max: 10 });
    // An idle connection the server closes (restart, pg_terminate_backend) is an 'error' event of the pool; without
    // a listener Node ends the process. The pool has already dropped it; the next query opens a new one.
    pool.on('error', (err) => log?.warn({ err: { message: err.message } }, 'idle database connection lost'));
    // A connection lost while checked out (the database stopped or the network cut between a checkout and the
    // answer) is an 'error' event of the client too, and the pool listens only on idle ones. The query itself
    // fails with the same error (a 503); the pool drops the dead client when it is released.
    pool.on('connect', (client) => client.on('error', () => undefined));
    return new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
  }
  const file = config.database.file;
  if (file !== ':memory:') mkdirSync(path.dirname(file), { recursive: true });
  const sqlite = new SQLite(file);
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('busy_timeout = 5000');
  // FULL (SQLite's default) waits for the disk at every commit, and better-sqlite3 waits inside the event loop: a
  // sign-in's three commits blocked every other request for 2–40 ms each on a busy disk. NORMAL in WAL mode keeps
  // the database consistent; only the last commits can be lost, and only to a power cut or an OS crash.
  sqlite.pragma(`synchronous = ${config.database.synchronous === 'full' ? 'FULL' : 'NORMAL'}`);
  return new Kysely<Database>({ dialect: new SqliteDialect({ database: sqlite }) });
}

/**
 * Runs every pending migration of `migrations` (all owners' merged); throws with the failing one's error.
 * Features land in any order, so a database may already hold a higher number than a new feature's migration:
 * unordered migrations are allowed (each one touches only its own tables).
 */
export async function migrateToLatest(db: Db, migrations: Record<string, Migration>): Promise<void> {
  const migrator = new Migrator({
    db,
    provider: migrationProvider(migrations),
    allowUnorderedMigrations: true,
  });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((r) => r.status === 'Error');
  if (error || failed) {
    throw new Error(`Database migration ${failed?.migrationName ?? ''} failed: ${String(error)}`);
  }
}
