import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config.js';
import { createDatabase } from './database.js';

const dir = mkdtempSync(path.join(tmpdir(), 'wm-db-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** SQLite's `PRAGMA synchronous` of a database made from this environment: 1 = NORMAL, 2 = FULL. */
async function synchronousOf(env: Record<string, string>): Promise<number> {
  const config = loadConfig({ DATA_DIR: dir, SESSION_SECRET: 'x'.repeat(48), ...env });
  const db = createDatabase(config);
  try {
    const { rows } = await sql<{ synchronous: number }>`PRAGMA synchronous`.execute(db);
    return rows[0]!.synchronous;
  } finally {
    await db.destroy();
  }
}

describe('SQLite durability setting', () => {
  // A commit that waits for the disk waits inside the event loop (better-sqlite3): every request pays for it.
  it('commits without waiting for the disk by default (WAL + NORMAL), and waits when SQLITE_SYNCHRONOUS=full', async () => {
    expect(await synchronousOf({ DATABASE_URL: path.join(dir, 'a.sqlite') })).toBe(1);
    expect(
      await synchronousOf({ DATABASE_URL: path.join(dir, 'b.sqlite'), SQLITE_SYNCHRONOUS: 'full' }),
    ).toBe(2);
  });

  it('refuses another value with a readable error', () => {
    expect(() => loadConfig({ DATA_DIR: dir, SQLITE_SYNCHRONOUS: 'off' })).toThrow(/SQLITE_SYNCHRONOUS/);
  });
});
