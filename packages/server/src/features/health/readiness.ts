import { sql } from 'kysely';
import type { ReadinessResponse } from '@webmail/contracts';
import type { Db } from '../../infra/db/database.js';

export interface ReadinessDeps {
  db: Db;
  /** The migrations this build expects to find applied. */
  migrationNames: readonly string[];
  /** Whether the IMAP server greets (see `probeImap`). */
  imapReachable: () => Promise<boolean>;
  timeoutMs: number;
}

/**
 * The readiness probe: the database answers, every migration of this build is applied, the IMAP server greets.
 * Probes that arrive while one runs share its answer, so a balancer probing every node every second (or several
 * balancers) costs one query, one table read and one IMAP greeting at a time.
 */
export class Readiness {
  private running: Promise<ReadinessResponse> | null = null;

  constructor(private readonly deps: ReadinessDeps) {}

  check(): Promise<ReadinessResponse> {
    this.running ??= this.run().finally(() => {
      this.running = null;
    });
    return this.running;
  }

  private async run(): Promise<ReadinessResponse> {
    const [database, migrations, imap] = await Promise.all([
      this.bounded(sql`select 1 as one`.execute(this.deps.db).then(() => true)),
      this.bounded(this.migrationsApplied()),
      this.bounded(this.deps.imapReachable()),
    ]);
    const checks = {
      database: database ? ('ok' as const) : ('failed' as const),
      migrations: migrations ? ('ok' as const) : ('failed' as const),
      imap: imap ? ('ok' as const) : ('failed' as const),
    };
    return { ready: database && migrations && imap, checks };
  }

  /** Kysely's own table of applied migrations; a node of an older build than the database is still ready. */
  private async migrationsApplied(): Promise<boolean> {
    const { rows } = await sql<{ name: string }>`select name from kysely_migration`.execute(this.deps.db);
    const applied = new Set(rows.map((r) => r.name));
    return this.deps.migrationNames.every((name) => applied.has(name));
  }

  /** False when the check fails or takes longer than the probe may (a stopped database may hang a connect). */
  private bounded(check: Promise<boolean>): Promise<boolean> {
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<boolean>((resolve) => {
      timer = setTimeout(() => resolve(false), this.deps.timeoutMs);
    });
    return Promise.race([check.catch(() => false), late]).finally(() => clearTimeout(timer));
  }
}
