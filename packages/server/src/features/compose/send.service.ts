import type { DraftContent, OutboxEntry } from '@webmail/contracts';
import { randomToken } from '../../infra/crypto.js';
import { notFound } from '../../infra/errors.js';
import type { PublishEvent } from '../../infra/events/event-bus.js';
import type { Clock } from '../../infra/test-clock.js';
import { buildMessage } from '../../mail/mime/build-message.js';
import type { SessionContext } from '../../infra/session/session-context.js';
import type { MailSession } from '../../mail/mail-session.js';
import { sendingStatuses, type DraftsService } from './drafts.service.js';
import type { OutboxCredentials } from './outbox-credentials.js';
import type { OutboxDelivery } from './outbox-delivery.js';
import { toEntry, type StoredEnvelope } from './outbox-entry.js';
import type { OutboxRepository } from './outbox.repository.js';
import { checkSendAt } from './send-later.js';

export interface SendInput {
  draftId: string;
  draft: DraftContent;
  undoSeconds?: number;
  revision?: number;
  sendAt?: string;
}

export interface SendServiceDeps {
  defaultUndoSeconds: number;
  drafts: DraftsService;
  outbox: OutboxRepository;
  credentials: OutboxCredentials;
  delivery: OutboxDelivery;
  clock: Clock;
  publish: PublishEvent;
  /** Send later needs the delegated door (nothing of the user's kept for days); false in password mode. */
  sendLaterAvailable: boolean;
}

/** How long a claimed delivery may take before it counts as interrupted. */
export const sendingLockMs = 15 * 60_000;
const recentWindowMs = 3_600_000;

/**
 * Send = save the draft (so undo or a refusal leaves exactly this content in Drafts), build the message
 * once, and put it in the outbox. The outbox row per draft is the lock: a retried or concurrent request
 * for the same draftId gets the existing entry and nothing is sent twice.
 */
export class SendService {
  private readonly outbox: OutboxRepository;

  constructor(private readonly deps: SendServiceDeps) {
    this.outbox = deps.outbox;
  }

  async send(mail: MailSession, input: SendInput): Promise<OutboxEntry> {
    const account = mail.email;
    const { clock, drafts, credentials, delivery } = this.deps;
    const existing = await this.outbox.findByDraft(account, input.draftId);
    if (existing && sendingStatuses.includes(existing.status)) return toEntry(existing);
    // Checked before anything is saved: a refused time changes nothing.
    const sendAt = input.sendAt === undefined ? null : checkSendAt(input.sendAt, clock.now(), this.deps);
    const prepared = await drafts.prepare(mail, input.draftId, input.draft, true);
    await drafts.save(mail, input.draftId, input.draft, input.revision, prepared);
    const raw = await buildMessage(prepared.message, { keepBcc: true });
    const sealed = await credentials.sealFor(mail, { scheduled: sendAt !== null });
    const now = clock.now();
    const undoMs =
      sendAt === null ? (input.undoSeconds ?? this.deps.defaultUndoSeconds) * 1000 : sendAt - now;
    // The envelope sender is the From (the account or a verified outgoing address): the mail server checks that the
    // login owns it (Postfix reject_sender_login_mismatch), and bounces go back to that address.
    const envelope: StoredEnvelope = {
      from: prepared.message.from.address,
      to: uniqueRecipients(input.draft),
    };
    const values = {
      session_id: mail.account.id,
      message_id: prepared.message.messageId,
      subject: input.draft.subject,
      // Without an undo window the request delivers at once; marking it `sending` keeps the job off it.
      status: undoMs > 0 ? 'queued' : 'sending',
      due_at: now + undoMs,
      updated_at: now,
      sent_at: null,
      attempts: 0,
      locked_until: undoMs > 0 ? null : now + sendingLockMs,
      envelope: JSON.stringify(envelope),
      raw,
      credentials_sealed: sealed,
      failure: null,
      rejected: '[]',
      post_pending: 0,
      post_attempts: 0,
      scheduled: sendAt === null ? 0 : 1,
      submitting: 0,
    };
    const claimed = existing
      ? await this.outbox.transition(existing.id, ['cancelled', 'failed'], values)
      : await this.outbox.insert({
          id: randomToken(12),
          account,
          draft_id: input.draftId,
          created_at: now,
          ...values,
        });
    const row = await this.outbox.findByDraft(account, input.draftId);
    if (!row) throw notFound('Outbox entry', 'outboxEntryNotFound');
    if (claimed && undoMs === 0) {
      await delivery.deliver(row);
      return toEntry((await this.outbox.findById(row.id)) ?? row);
    }
    if (claimed && sendAt !== null) this.deps.publish(account, { command: 'scheduledChanged', id: row.id });
    return toEntry(row);
  }

  /** Undo: only a queued entry can be cancelled; the answer's status says whether it was. */
  async cancel(session: SessionContext, id: string): Promise<OutboxEntry> {
    const row = await this.outbox.find(session.email, id);
    if (!row) throw notFound('Outbox entry', 'outboxEntryNotFound');
    const cancelled = await this.outbox.transition(id, ['queued'], {
      status: 'cancelled',
      raw: null,
      credentials_sealed: null,
      updated_at: this.deps.clock.now(),
    });
    if (cancelled && Number(row.scheduled) === 1)
      this.deps.publish(session.email, { command: 'scheduledChanged', id });
    return toEntry((await this.outbox.find(session.email, id)) ?? row);
  }

  async get(session: SessionContext, id: string): Promise<OutboxEntry> {
    const row = await this.outbox.find(session.email, id);
    if (!row) throw notFound('Outbox entry', 'outboxEntryNotFound');
    return toEntry(row);
  }

  /** Entries in flight or failed, and those finished within the last hour. */
  async list(session: SessionContext): Promise<OutboxEntry[]> {
    return (await this.outbox.listRecent(session.email, this.deps.clock.now() - recentWindowMs)).map(toEntry);
  }
}

/** To, Cc and Bcc as one envelope list, each address once. */
function uniqueRecipients(draft: DraftContent) {
  const seen = new Set<string>();
  return [...draft.to, ...draft.cc, ...draft.bcc].filter((r) => {
    const key = r.address.toLowerCase();
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}
