import type { FastifyBaseLogger } from 'fastify';

/**
 * Background work. `node`: each server process runs it for what that process holds (open IMAP connections,
 * in-memory caches). `claims`: the work lives in the database and is claimed row by row with a conditional
 * update, so any number of processes may run it side by side.
 */
export interface Job {
  name: string;
  scope: 'node' | 'claims';
  intervalMs: number;
  /** Run once as soon as the job starts (e.g. sends queued before a restart). */
  runAtStart?: boolean;
  run: () => Promise<unknown>;
  /** Told when the server stops, so a long run can end early (the registry then waits for it). */
  stop?: () => void;
}

interface Entry {
  job: Job;
  timer: NodeJS.Timeout | null;
  running: Promise<unknown> | null;
}

/**
 * The one place background work starts and stops. Runs of one job never overlap (a tick while one runs is
 * skipped); a failing run is logged and the next tick tries again; `stop()` waits for the runs in progress.
 */
export class JobRegistry {
  private readonly entries = new Map<string, Entry>();
  private started = false;
  /** Told of every finished run (metrics). */
  onRun: (job: string, ok: boolean, seconds: number) => void = () => undefined;

  constructor(private readonly log: FastifyBaseLogger) {}

  register(job: Job): void {
    if (this.entries.has(job.name)) throw new Error(`Job ${job.name} is registered twice`);
    const entry: Entry = { job, timer: null, running: null };
    this.entries.set(job.name, entry);
    if (this.started) this.schedule(entry);
  }

  start(): void {
    this.started = true;
    for (const entry of this.entries.values()) this.schedule(entry);
  }

  /** Runs a job now (or joins the run in progress) and resolves when it is done. */
  runNow(name: string): Promise<unknown> {
    const entry = this.entries.get(name);
    if (!entry) throw new Error(`No job ${name}`);
    return this.tick(entry);
  }

  async stop(): Promise<void> {
    this.started = false;
    for (const entry of this.entries.values()) {
      if (entry.timer) clearInterval(entry.timer);
      entry.timer = null;
      entry.job.stop?.();
    }
    const running = [...this.entries.values()].filter((e) => e.running).map((e) => e.job.name);
    if (running.length)
      this.log.info({ jobs: running }, 'stopping: waiting for the background runs in progress');
    await Promise.all([...this.entries.values()].map((e) => e.running?.catch(() => undefined)));
  }

  names(): string[] {
    return [...this.entries.keys()];
  }

  private schedule(entry: Entry): void {
    entry.timer = setInterval(() => void this.tick(entry), entry.job.intervalMs);
    entry.timer.unref();
    if (entry.job.runAtStart) void this.tick(entry);
  }

  private tick(entry: Entry): Promise<unknown> {
    const started = performance.now();
    const done = (ok: boolean) => this.onRun(entry.job.name, ok, (performance.now() - started) / 1000);
    entry.running ??= entry.job
      .run()
      .then(
        () => done(true),
        (err: Error) => {
          done(false);
          this.log.error({ err, job: entry.job.name }, 'background job failed');
        },
      )
      .finally(() => {
        entry.running = null;
      });
    return entry.running;
  }
}
