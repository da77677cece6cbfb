import type { FastifyBaseLogger } from 'fastify';
import pLimit from 'p-limit';
import { randomToken } from '../../infra/crypto.js';
import type { Job } from '../../infra/jobs/job-registry.js';
import type { Clock } from '../../infra/test-clock.js';
import type { OwnerMail } from '../../mail/owner-mail.js';
import type { SnoozeRepository } from './snooze.repository.js';
import type { SnoozeService } from './snooze.service.js';
import type { WokenRepository } from './woken.repository.js';

export const snoozeWakeJobName = 'snooze-wake';

/** How long a woken message stays on top of its folder's list (unless read or moved before). */
export const wokenOnTopMs = 7 * 86_400_000;

export interface SnoozeWakeJobDeps {
  service: SnoozeService;
  repo: SnoozeRepository;
  woken: Pick<WokenRepository, 'expire'>;
  owners: OwnerMail;
  clock: Clock;
  intervalMs: number;
  /** Accounts woken at once (each holds one IMAP connection while it works). */
  concurrency: number;
  claimLeaseMs: number;
  node: string;
  log: FastifyBaseLogger;
}

/**
 * Wakes snoozed messages whose time came, for every account, signed in or not: a `claims` job. Each pass claims
 * an account's due rows with one conditional update (so of several processes exactly one wakes a message; a claim
 * whose process died is taken over after the lease), and only then opens the owner's delegated door, which writes
 * the use to the owner's security log. Up to `concurrency` accounts wake at once: a minute in which thousands of
 * accounts fall due is then bounded by the mail server, not by one account after another. Runs at start too:
 * what fell due while the server was down wakes at once.
 */
export class SnoozeWakeJob {
  constructor(private readonly deps: SnoozeWakeJobDeps) {}

  get job(): Job {
    return {
      name: snoozeWakeJobName,
      scope: 'claims',
      intervalMs: this.deps.intervalMs,
      runAtStart: true,
      run: () => this.runOnce(),
    };
  }

  /** One pass at the clock's `now`; the messages woken per account. Errors are logged per account. */
  async runOnce(now = this.deps.clock.now()): Promise<Map<string, number>> {
    const { repo, owners } = this.deps;
    const done = new Map<string, number>();
    if (!owners.available) return done;
    await this.deps.woken.expire(now - wokenOnTopMs);
    const claimant = `${this.deps.node}:${randomToken(6)}`;
    const limit = pLimit(Math.max(1, this.deps.concurrency));
    const accounts = await repo.accountsDue(now, now - this.deps.claimLeaseMs);
    await Promise.all(accounts.map((account) => limit(() => this.wakeAccount(account, now, claimant, done))));
    return done;
  }

  private async wakeAccount(account: string, now: number, claimant: string, done: Map<string, number>) {
    const { repo, owners, service, log } = this.deps;
    try {
      const rows = await repo.claimDue(account, now, now - this.deps.claimLeaseMs, claimant);
      if (!rows.length) return;
      const woke = await owners.run(account, snoozeWakeJobName, (mail) => service.wake(mail, rows));
      done.set(account, woke);
    } catch (err) {
      log.error({ err, account }, 'waking snoozed messages failed');
    }
  }
}
