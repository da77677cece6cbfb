import type { FastifyBaseLogger } from 'fastify';
import type { SendFailure } from '@webmail/contracts';
import { AppError } from '../../infra/errors.js';
import type { Clock } from '../../infra/test-clock.js';
import type { MailConnector } from '../../mail/mail-connector.js';
import { MailConnection, type MailSessions } from '../../mail/mail-session.js';
import { stripHeader } from '../../mail/mime/build-message.js';
import { formatDateHeader, withDateHeader } from '../../mail/mime/date-header.js';
import { classifySmtpError } from '../../mail/smtp/smtp-errors.js';
import { submitMessage, type SmtpServer } from '../../mail/smtp/smtp-submit.js';
import { removeDraft, specialFolderPath } from './draft-folder.js';
import type { MailLogin } from '../../mail/mail-access.js';
import type { OutboxCredentials } from './outbox-credentials.js';
import { followUp, storedEnvelope, type StoredEnvelope } from './outbox-entry.js';
import type { OutboxRepository, OutboxRow } from './outbox.repository.js';

export interface DeliveryConfig {
  smtp: SmtpServer;
  /** The SMTP server files sent mail itself: no Sent copy from here. */
  smtpSavesSent: boolean;
  /** Where due times, claims and retries read the time (movable in tests). */
  clock: Clock;
}

/** Temporary SMTP failures (4xx, unreachable) are retried this often, after these pauses. */
const maxAttempts = 3;
const retryDelaysMs = [30_000, 120_000];
const maxFollowUpAttempts = 5;
/** While a follow-up runs, no other tick or process takes it. */
export const followUpLockMs = 10 * 60_000;

export interface DeliveryHooks {
  /** After the SMTP server took the message (recent parties). */
  sent(account: string, recipients: StoredEnvelope['to'], at: number): Promise<void>;
  /** After the draft left Drafts (drop its bookkeeping and uploads). */
  draftRemoved(account: string, draftId: string): Promise<void>;
  /** Before a scheduled entry's submission (the server acts for an owner who may be away: the security log). */
  submittingScheduled(account: string): Promise<void>;
  /** A scheduled entry left for good: sent, or failed (open browsers are told). */
  scheduledDone(row: OutboxRow, status: 'sent' | 'failed'): void;
  /** The account's time zone (its settings), for the Date header; null when none is set. */
  timeZoneOf(account: string): Promise<string | null>;
}

/**
 * Delivers one claimed outbox entry: SMTP submission as the user, then the Sent copy (\Seen) and the
 * draft's removal from Drafts. The password and the message are erased from the row once the entry is
 * finished; a refusal keeps the draft and records the reason on the entry.
 */
export class OutboxDelivery {
  constructor(
    private readonly config: DeliveryConfig,
    private readonly outbox: OutboxRepository,
    private readonly credentials: OutboxCredentials,
    private readonly mail: Pick<MailSessions, 'peek'>,
    private readonly connector: MailConnector,
    private readonly hooks: DeliveryHooks,
    private readonly log: FastifyBaseLogger,
  ) {}

  /** `row` must be claimed (status `sending`) by the caller. */
  async deliver(row: OutboxRow): Promise<void> {
    const login = this.credentials.loginFor(row.account, row.credentials_sealed);
    const envelope = this.envelopeOf(row);
    if (!login || !row.raw || !envelope) {
      const message = 'The send could not be resumed on the server; please send it again';
      return this.finishFailed(row, { reason: 'interrupted', message, recipients: [] });
    }
    const attempts = Number(row.attempts) + 1;
    const scheduled = Number(row.scheduled) === 1;
    try {
      if (scheduled) await this.hooks.submittingScheduled(row.account);
      const to = envelope.to.map((r) => r.address);
      // Marked once signed in to SMTP, before MAIL FROM: from there on the SMTP server may take the message, and a
      // crash leaves an outcome only the mail can tell (the outbox job's recovery reads this mark). A crash before
      // it (connecting, AUTH) leaves the entry unmarked, and it is sent again after the restart.
      const markSubmitting = async () => {
        await this.outbox.update(row.id, { submitting: 1 });
      };
      // Dated when it leaves, on the sender's clock: the Sent copy below carries the same header.
      const zone = await this.hooks.timeZoneOf(row.account).catch(() => null);
      const dated = withDateHeader(row.raw, formatDateHeader(new Date(this.config.clock.now()), zone));
      const raw = stripHeader(dated, 'bcc');
      const result = await submitMessage(
        this.config.smtp,
        login,
        { from: envelope.from, to },
        raw,
        markSubmitting,
      );
      const now = this.config.clock.now();
      const pending = (this.config.smtpSavesSent ? 0 : followUp.sentCopy) | followUp.removeDraft;
      const change = {
        submitting: 0,
        status: 'sent',
        sent_at: now,
        updated_at: now,
        attempts,
        locked_until: null,
        failure: null,
      };
      const sent = {
        ...change,
        raw: dated,
        rejected: JSON.stringify(result.rejected),
        post_pending: pending,
        due_at: now + followUpLockMs,
      };
      await this.outbox.update(row.id, sent);
      if (scheduled) this.hooks.scheduledDone({ ...row, ...sent }, 'sent');
      await this.hooks
        .sent(
          row.account,
          envelope.to.filter((r) => !result.rejected.includes(r.address)),
          now,
        )
        .catch((err: Error) =>
          this.log.warn({ err: { message: err.message } }, 'could not record recent parties'),
        );
      await this.followUp({ ...row, ...sent });
    } catch (err) {
      await this.refused(row, attempts, err);
    }
  }

  /**
   * The stored envelope, or null (logged as the server fault it is) when the row does not hold a readable one: the
   * entry then fails for good, as one whose login is gone, rather than failing every tick of the job.
   */
  private envelopeOf(row: OutboxRow): StoredEnvelope | null {
    try {
      return storedEnvelope(row);
    } catch (err) {
      this.log.error({ err, outbox: row.id }, 'outbox entry has no readable envelope');
      return null;
    }
  }

  /** A refused or failed submission: retried later while temporary and attempts remain, else failed for good. */
  private async refused(row: OutboxRow, attempts: number, err: unknown): Promise<void> {
    const failure = classifySmtpError(err);
    this.log.warn({ outbox: row.id, reason: failure.reason, temporary: failure.temporary }, 'send refused');
    const { temporary, ...reported } = failure;
    if (temporary && attempts < maxAttempts) {
      const now = this.config.clock.now();
      const due = now + (retryDelaysMs[attempts - 1] ?? 120_000);
      const change = {
        status: 'queued',
        submitting: 0,
        attempts,
        due_at: due,
        locked_until: null,
        updated_at: now,
      };
      await this.outbox.update(row.id, { ...change, failure: JSON.stringify(reported) });
      return;
    }
    await this.finishFailed({ ...row, attempts }, reported);
  }

  /** The Sent copy and the draft removal; each step is recorded as done so a retry never repeats it. */
  async followUp(row: OutboxRow): Promise<void> {
    let pending = Number(row.post_pending);
    const login = this.credentials.loginFor(row.account, row.credentials_sealed);
    try {
      if (!login || !row.raw) throw new AppError('Internal', 500, 'credentials or message gone');
      const raw = row.raw;
      await this.withImap(row, login, async (connection) => {
        if (pending & followUp.sentCopy) {
          // A refusal (a full mailbox) throws: the step stays pending for the next attempt.
          await connection.append(await specialFolderPath(connection, '\\Sent'), raw, ['\\Seen']);
          pending &= ~followUp.sentCopy;
          await this.outbox.update(row.id, { post_pending: pending });
        }
        if (pending & followUp.removeDraft) {
          await removeDraft(connection, await specialFolderPath(connection, '\\Drafts'), row.draft_id);
          pending &= ~followUp.removeDraft;
        }
      });
      await this.hooks.draftRemoved(row.account, row.draft_id);
      await this.outbox.update(row.id, {
        post_pending: 0,
        raw: null,
        credentials_sealed: null,
        updated_at: this.config.clock.now(),
      });
    } catch (err) {
      const attempts = Number(row.post_attempts) + 1;
      const giveUp = attempts >= maxFollowUpAttempts || !login;
      this.log.error(
        { err: { message: (err as Error).message }, outbox: row.id, giveUp },
        'sent, but the Sent copy or draft removal failed',
      );
      const now = this.config.clock.now();
      await this.outbox.update(
        row.id,
        giveUp
          ? { post_pending: 0, post_attempts: attempts, raw: null, credentials_sealed: null, updated_at: now }
          : {
              post_pending: pending,
              post_attempts: attempts,
              due_at: now + 30_000 * attempts,
              updated_at: now,
            },
      );
    }
  }

  async finishFailed(row: OutboxRow, failure: SendFailure): Promise<void> {
    const now = this.config.clock.now();
    await this.outbox.update(row.id, {
      status: 'failed',
      submitting: 0,
      attempts: Number(row.attempts),
      failure: JSON.stringify(failure),
      locked_until: null,
      raw: null,
      credentials_sealed: null,
      updated_at: now,
    });
    if (Number(row.scheduled) === 1) this.hooks.scheduledDone(row, 'failed');
  }

  /** A crashed delivery the job's recovery found sent (its Message-ID in Sent) or reported as interrupted. */
  noteRecovered(row: OutboxRow): void {
    if (Number(row.scheduled) === 1) this.hooks.scheduledDone(row, 'sent');
  }

  noteInterrupted(row: OutboxRow): void {
    if (Number(row.scheduled) === 1) this.hooks.scheduledDone(row, 'failed');
  }

  /**
   * The session's open connection when there is one (no extra login, `peek` does not extend its life);
   * otherwise — the user signed out, or the server restarted — a short connection of our own.
   */
  private async withImap(
    row: OutboxRow,
    login: MailLogin,
    fn: (connection: MailConnection) => Promise<void>,
  ) {
    const pooled = await this.mail.peek(row.session_id);
    if (pooled) return fn(pooled);
    const connection = MailConnection.of(await this.connector.connect(login));
    try {
      await fn(connection);
    } finally {
      await connection.logout();
    }
  }
}
