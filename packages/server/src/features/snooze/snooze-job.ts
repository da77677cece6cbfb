import type { FastifyBaseLogger } from 'fastify';
import { randomToken } from '../../infra/crypto.js';
import type { Job } from '../../infra/jobs/job-registry.js';
import type { Clock } from '../../infra/test-clock.js';
import type { OwnerMail } from '../../mail/owner-mail.js';
import type { SnoozeRepository } from './snooze.repository.js';
import type { SnoozeService } from './snooze.service.js';

export const snoozeWakeJobName = 'snooze-wake';

export interface SnoozeWakeJobDeps {
  service: SnoozeService;
  repo: SnoozeRepository;
  owners: OwnerMail;
  clock: Clock;
  intervalMs: number;
  claimLeaseMs: number;
  node: string;
  log: FastifyBaseLogger;
}

/**
 * Wakes snoozed messages whose time came, for every account, signed in or not: a `claims` job. Each pass claims
 * an account's due rows with one conditional update (so of several processes exactly one wakes a message; a claim
 * whose process died is taken over after the lease), and only then opens the owner's delegated door, which writes
 * the use to the owner's security log. Runs at start too: what fell due while the server was down wakes at once.
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
    const { repo, owners, service, log, claimLeaseMs } = this.deps;
    const done = new Map<string, number>();
    if (!owners.available) return done;
    const staleBefore = now - claimLeaseMs;
    const claimant = `${this.deps.node}:${randomToken(6)}`;
    for (const account of await repo.accountsDue(now, staleBefore)) {
      try {
        const rows = await repo.claimDue(account, now, staleBefore, claimant);
        if (!rows.length) continue;
        const woke = await owners.run(account, snoozeWakeJobName, (mail) => service.wake(mail, rows));
        done.set(account, woke);
      } catch (err) {
        log.error({ err, account }, 'waking snoozed messages failed');
      }
    }
    return done;
  }
}
