import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../infra/config.js';
import type { Db } from '../../infra/db/database.js';
import type { FeatureModule } from '../../infra/http/feature-module.js';
import type { MailSessions } from '../../mail/mail-session.js';
import { sendFeedbackMail } from './feedback-mail.js';
import { FeedbackRepository } from './feedback.repository.js';
import { feedbackRoutes } from './feedback.routes.js';
import { FeedbackService } from './feedback.service.js';

export interface FeedbackModuleDeps {
  config: Pick<Config, 'smtp' | 'tlsRejectUnauthorized' | 'feedbackEmail'>;
  db: Db;
  mail: MailSessions;
  nameOf: (email: string) => Promise<string>;
  version: string;
  log: FastifyBaseLogger;
}

/** The feedback dialog's `POST /feedback`: stored, and mailed to `FEEDBACK_EMAIL` when the operator set one. */
export function createFeedbackModule(deps: FeedbackModuleDeps): { module: FeatureModule } {
  const smtp = { ...deps.config.smtp, tlsRejectUnauthorized: deps.config.tlsRejectUnauthorized };
  const feedback = new FeedbackService({
    repo: new FeedbackRepository(deps.db),
    feedbackEmail: deps.config.feedbackEmail,
    sendMail: (mail) => sendFeedbackMail(smtp, mail),
    nameOf: deps.nameOf,
    version: deps.version,
    log: deps.log,
  });
  return { module: { name: 'feedback', routes: feedbackRoutes(deps.mail, feedback) } };
}
