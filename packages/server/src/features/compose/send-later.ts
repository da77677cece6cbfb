import { sendLaterMaxDays, type OutboxEntry, type ScheduledListResponse } from '@webmail/contracts';
import { notFound, refusal, validationError } from '../../infra/errors.js';
import type { PublishEvent } from '../../infra/events/event-bus.js';
import type { Clock } from '../../infra/test-clock.js';
import type { SessionContext } from '../../infra/session/session-context.js';
import { toEntry } from './outbox-entry.js';
import type { OutboxRepository } from './outbox.repository.js';

const maxAheadMs = sendLaterMaxDays * 86_400_000;
/** The Scheduled view shows this many; `count` is the whole number. */
const listLimit = 200;

/**
 * The send time of a scheduled send as epoch ms: in the future and at most `sendLaterMaxDays` ahead (422 on
 * `sendAt` otherwise). Send later needs the delegated door: in password mode the user's password would have to
 * wait sealed in the database for days, so it is refused (403 `sendLaterUnavailable`; the user details list it).
 */
export function checkSendAt(sendAt: string, now: number, deps: { sendLaterAvailable: boolean }): number {
  if (!deps.sendLaterAvailable) {
    throw refusal(
      'Forbidden',
      403,
      'sendLaterUnavailable',
      'Send later needs the webmail to reach the mail server with its owner signed out (MAIL_ACCESS=delegated)',
    );
  }
  const at = Date.parse(sendAt);
  if (at <= now) {
    throw validationError({
      sendAt: [{ code: 'sendAtInPast', message: 'The send time must be in the future' }],
    });
  }
  if (at - now > maxAheadMs) {
    const message = `The send time can be at most ${sendLaterMaxDays} days ahead`;
    throw validationError({ sendAt: [{ code: 'sendAtTooFar', params: { max: sendLaterMaxDays }, message }] });
  }
  return at;
}

export interface SendLaterDeps {
  outbox: OutboxRepository;
  clock: Clock;
  publish: PublishEvent;
  sendLaterAvailable: boolean;
}

/**
 * The Scheduled view: a virtual folder of the outbox (entries with `scheduled`), soonest first. Reschedule and
 * send now change the due time of an entry that still waits, by a conditional UPDATE, so a change racing the
 * job's claim either lands before it or not at all (the answer shows which). Unscheduling (also to edit: the
 * draft is in Drafts the whole time) is the outbox's cancel.
 */
export class SendLaterService {
  constructor(private readonly deps: SendLaterDeps) {}

  async list(session: SessionContext): Promise<ScheduledListResponse> {
    const { outbox } = this.deps;
    const rows = await outbox.listScheduled(session.email, listLimit);
    const count = rows.length < listLimit ? rows.length : await outbox.countScheduled(session.email);
    return { entries: rows.map(toEntry), count };
  }

  async reschedule(session: SessionContext, id: string, sendAt: string): Promise<OutboxEntry> {
    const at = checkSendAt(sendAt, this.deps.clock.now(), this.deps);
    return this.move(session, id, at);
  }

  async sendNow(session: SessionContext, id: string): Promise<OutboxEntry> {
    return this.move(session, id, this.deps.clock.now());
  }

  private async move(session: SessionContext, id: string, dueAt: number): Promise<OutboxEntry> {
    const { outbox, publish, clock } = this.deps;
    if (await outbox.moveScheduled(session.email, id, dueAt, clock.now())) {
      publish(session.email, { command: 'scheduledChanged', id });
    }
    const row = await outbox.find(session.email, id);
    if (!row) throw notFound('Outbox entry', 'outboxEntryNotFound');
    return toEntry(row);
  }
}
