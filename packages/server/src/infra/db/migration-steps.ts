import { PostgresAdapter, sql, type Kysely } from 'kysely';

/** One small step of a migration (a table with its indexes); a migration runs its list of steps in order. */
export type MigrationStep = (db: Kysely<unknown>) => Promise<void>;

export async function runSteps(db: Kysely<unknown>, steps: readonly MigrationStep[]): Promise<void> {
  for (const step of steps) await step(db);
}

/**
 * The column type of bytes, the one type SQLite and PostgreSQL spell differently (blob / bytea); both drivers
 * hand them back as a Buffer.
 */
export const bytesType = (db: Kysely<unknown>) =>
  db.getExecutor().adapter instanceof PostgresAdapter ? sql`bytea` : sql`blob`;
