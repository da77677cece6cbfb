import type { Job } from '../../infra/jobs/job-registry.js';
import type { OutboxDelivery } from './outbox-delivery.js';
import { followUpLockMs } from './outbox-delivery.js';
import type { OutboxRepository } from './outbox.repository.js';
import { sendingLockMs } from './send.service.js';

const batch = 10;
const maintenanceEveryMs = 3_600_000;
const interruptedMessage =
  'Sending was interrupted; the message may not have been delivered. Check Sent and send again if needed';

/**
 * Delivers due outbox entries about once a second, and once at start-up so sends queued before a restart
 * still leave. Every entry is claimed with a conditional UPDATE first, so several server processes can
 * run this job side by side. Runs never overlap (the job registry's rule); stopping waits for the one in
 * progress, which leaves off after the entry it is delivering.
 */
export class OutboxJob {
  private lastMaintenance = 0;
  private stopping = false;

  constructor(
    private readonly outbox: OutboxRepository,
    private readonly delivery: OutboxDelivery,
    private readonly maintenance: () => Promise<void>,
  ) {}

  /** Works on claimed rows, so every server process may run it (scope `claims`). */
  get job(): Job {
    return {
      name: 'outbox',
      scope: 'claims',
      intervalMs: 1000,
      runAtStart: true,
      run: () => this.run(),
      stop: () => {
        this.stopping = true;
      },
    };
  }

  private async run(): Promise<void> {
    const now = Date.now();
    // A claim that ran out means its process stopped mid-send: the message may or may not have left,
    // so it is reported, not sent again (a duplicate is worse than a clear "check and resend").
    for (const row of await this.outbox.staleSending(now)) {
      const failure = { reason: 'interrupted', message: interruptedMessage, recipients: [] };
      await this.outbox.transition(row.id, ['sending'], {
        status: 'failed',
        failure: JSON.stringify(failure),
        locked_until: null,
        raw: null,
        credentials_sealed: null,
        updated_at: now,
      });
    }
    for (const id of await this.outbox.dueIds(now, batch)) {
      if (this.stopping) return;
      const claim = { status: 'sending', locked_until: Date.now() + sendingLockMs, updated_at: Date.now() };
      if (!(await this.outbox.transition(id, ['queued'], claim))) continue;
      const row = await this.outbox.findById(id);
      if (row) await this.delivery.deliver(row);
    }
    for (const row of await this.outbox.pendingFollowUps(now, batch)) {
      if (await this.outbox.claimFollowUp(row.id, now, now + followUpLockMs))
        await this.delivery.followUp(row);
    }
    if (now - this.lastMaintenance >= maintenanceEveryMs) {
      this.lastMaintenance = now;
      await this.maintenance();
    }
  }
}
