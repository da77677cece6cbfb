import type { Job } from '../../infra/jobs/job-registry.js';
import type { Clock } from '../../infra/test-clock.js';
import { followUp } from './outbox-entry.js';
import type { OutboxRecovery } from './outbox-recovery.js';
import type { OutboxDelivery } from './outbox-delivery.js';
import { followUpLockMs } from './outbox-delivery.js';
import type { OutboxRepository, OutboxRow } from './outbox.repository.js';
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
    private readonly recovery: OutboxRecovery,
    private readonly clock: Clock,
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
    const now = this.clock.now();
    for (const row of await this.outbox.staleSending(now)) await this.recover(row, now);
    for (const id of await this.outbox.dueIds(now, batch)) {
      if (this.stopping) return;
      const at = this.clock.now();
      const claim = { status: 'sending', submitting: 0, locked_until: at + sendingLockMs, updated_at: at };
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

  /**
   * A claim that ran out: its process stopped mid-send (killed, crashed). Before the SMTP transaction began
   * (`submitting` 0) nothing can have left, so the entry is queued again and sent once. After it began, the
   * message may or may not have been taken: when Sent holds its fixed Message-ID it was (recorded as sent,
   * not sent again), otherwise it is reported as interrupted, not resent — a duplicate is worse than a clear
   * "check and resend". Each change is conditional on `sending`, so two processes recover it once.
   */
  private async recover(row: OutboxRow, now: number): Promise<void> {
    if (Number(row.submitting) === 0 && row.raw) {
      await this.outbox.transition(row.id, ['sending'], {
        status: 'queued',
        locked_until: null,
        updated_at: now,
      });
      return;
    }
    if (Number(row.submitting) === 1 && (await this.recovery.inSent(row))) {
      const change = {
        status: 'sent',
        submitting: 0,
        sent_at: now,
        locked_until: null,
        post_pending: followUp.removeDraft,
        due_at: now,
        updated_at: now,
      };
      if (await this.outbox.transition(row.id, ['sending'], change)) this.delivery.noteRecovered(row);
      return;
    }
    const failure = { reason: 'interrupted', message: interruptedMessage, recipients: [] };
    const failed = await this.outbox.transition(row.id, ['sending'], {
      status: 'failed',
      submitting: 0,
      failure: JSON.stringify(failure),
      locked_until: null,
      raw: null,
      credentials_sealed: null,
      updated_at: now,
    });
    if (failed) this.delivery.noteInterrupted(row);
  }
}
