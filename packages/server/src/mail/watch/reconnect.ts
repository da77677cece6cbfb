/** The clock and randomness a reconnect schedule uses (tests pass their own). */
export interface ReconnectOptions {
  setTimer?: (run: () => void, ms: number) => { cancel: () => void };
  random?: () => number;
  /** The first retry waits about this long, each further one twice as long, up to `maxDelayMs`. */
  baseDelayMs?: number;
  maxDelayMs?: number;
}

const realTimer = (run: () => void, ms: number) => {
  const timer = setTimeout(run, ms);
  timer.unref();
  return { cancel: () => clearTimeout(timer) };
};

/**
 * Keeps one connection up: start, and after a failed start or a lost connection start again after a delay that
 * doubles with each failure in a row (1 s, 2 s, 4 s … 60 s) and is jittered to between half and all of it. A
 * Dovecot reload closes every idle connection at the same moment; retrying all of them one second later, at
 * once, met the restarting server and most gave up. Spread out and never giving up, each comes back.
 */
export class Reconnect {
  private failures = 0;
  private timer: { cancel: () => void } | null = null;
  private stopped = false;
  private live: (on: boolean) => void = () => undefined;
  private failed: (err: unknown) => void = () => undefined;
  private readonly setTimer: NonNullable<ReconnectOptions['setTimer']>;
  private readonly random: () => number;
  private readonly baseDelayMs: number;
  private readonly maxDelayMs: number;

  constructor(
    options: ReconnectOptions,
    private readonly start: () => Promise<void>,
  ) {
    this.setTimer = options.setTimer ?? realTimer;
    this.random = options.random ?? Math.random;
    this.baseDelayMs = options.baseDelayMs ?? 1000;
    this.maxDelayMs = options.maxDelayMs ?? 60_000;
  }

  begin(live: (on: boolean) => void, failed: (err: unknown) => void): void {
    this.live = live;
    this.failed = failed;
    void this.attempt();
  }

  /** The connection closed: say so and try again later. */
  lost(): void {
    if (this.stopped) return;
    this.live(false);
    this.schedule();
  }

  stop(): void {
    this.stopped = true;
    this.timer?.cancel();
    this.timer = null;
  }

  /** The delay before the next attempt after `failures` failures in a row. */
  delayAfter(failures: number): number {
    const ceiling = Math.min(this.maxDelayMs, this.baseDelayMs * 2 ** Math.max(0, failures - 1));
    return Math.round(ceiling / 2 + (this.random() * ceiling) / 2);
  }

  private async attempt(): Promise<void> {
    this.timer = null;
    if (this.stopped) return;
    try {
      await this.start();
    } catch (err) {
      if (this.stopped) return;
      this.failed(err);
      this.live(false);
      this.schedule();
      return;
    }
    this.failures = 0;
    if (!this.stopped) this.live(true);
  }

  private schedule(): void {
    if (this.stopped || this.timer) return;
    this.failures += 1;
    this.timer = this.setTimer(() => void this.attempt(), this.delayAfter(this.failures));
  }
}
