import { feedbackLimits, type FeedbackResult } from '@webmail/contracts';
import type { FastifyBaseLogger } from 'fastify';
import { randomToken } from '../../infra/crypto.js';
import { AppError } from '../../infra/errors.js';
import type { MailSession } from '../../mail/mail-session.js';
import type { FeedbackMail } from './feedback-mail.js';
import type { FeedbackRepository } from './feedback.repository.js';

const hourMs = 3_600_000;

export interface FeedbackServiceDeps {
  repo: FeedbackRepository;
  /** The operator's address (`FEEDBACK_EMAIL`); null = feedback is only stored. */
  feedbackEmail: string | null;
  sendMail: (mail: FeedbackMail) => Promise<void>;
  nameOf: (email: string) => Promise<string>;
  version: string;
  log: FastifyBaseLogger;
}

/**
 * Feedback (stars + text): stored first — it is the user's word and must not be lost — then, when the operator
 * set `FEEDBACK_EMAIL`, mailed there as the user. A failed mail is logged and leaves `mailed_at` empty; the user's
 * feedback still counts as sent. At most `feedbackLimits.perHour` per account and hour, counted in the database so
 * every server process sees the same count.
 */
export class FeedbackService {
  constructor(private readonly deps: FeedbackServiceDeps) {}

  async send(
    mail: MailSession,
    input: { stars: number; feedback: string },
    userAgent: string,
  ): Promise<FeedbackResult> {
    const now = Date.now();
    const sent = await this.deps.repo.sentSince(mail.email, now - hourMs);
    if (sent.length >= feedbackLimits.perHour) {
      const waitMs = sent[sent.length - feedbackLimits.perHour]! + hourMs - now;
      throw new AppError(
        'RateLimited',
        429,
        'Too much feedback in an hour; try again later',
        undefined,
        { 'Retry-After': String(Math.max(1, Math.ceil(waitMs / 1000))) },
        { reason: 'rateLimited' },
      );
    }
    const id = randomToken(12);
    const row = {
      id,
      account: mail.email,
      stars: input.stars,
      feedback: input.feedback,
      user_agent: userAgent.slice(0, 300),
      created_at: now,
      mailed_at: null,
    };
    await this.deps.repo.insert(row);
    if (this.deps.feedbackEmail) await this.mail(mail, row, this.deps.feedbackEmail);
    return { id };
  }

  private async mail(
    mail: MailSession,
    row: { id: string; stars: number; feedback: string; user_agent: string },
    to: string,
  ): Promise<void> {
    try {
      await this.deps.sendMail({
        account: mail.email,
        name: await this.deps.nameOf(mail.email),
        login: await mail.login(),
        to,
        stars: row.stars,
        feedback: row.feedback,
        userAgent: row.user_agent,
        version: this.deps.version,
        id: row.id,
      });
      await this.deps.repo.markMailed(row.id, Date.now());
    } catch (err) {
      this.deps.log.warn(
        { err: { message: (err as Error).message }, feedback: row.id },
        'feedback: not mailed',
      );
    }
  }
}
