import type { FastifyBaseLogger } from 'fastify';
import type { Job } from '../../infra/jobs/job-registry.js';
import type { MailSessions } from '../../mail/mail-session.js';
import type { ActiveSessions } from './active-sessions.js';
import type { FolderRetentionService, RetentionResult } from './folder-retention.service.js';
import type { QuotaCache } from './quota-cache.js';

export interface RetentionJobDeps {
  retention: FolderRetentionService;
  activeSessions: ActiveSessions;
  mail: MailSessions;
  quotas: QuotaCache;
  log: FastifyBaseLogger;
  intervalMs: number;
}

/**
 * Folder retention for the accounts whose session has an open IMAP connection in this process (a `node` job),
 * every `intervalMs` and once when a session first uses its mailbox. It cannot act for anyone else: the key
 * that unseals the IMAP password lives only in the user's cookie. Passes never overlap.
 */
export class RetentionJob {
  private running: Promise<unknown> = Promise.resolve();

  constructor(private readonly deps: RetentionJobDeps) {}

  get job(): Job {
    return {
      name: 'folder-retention',
      scope: 'node',
      intervalMs: this.deps.intervalMs,
      run: () => this.runOnce(),
    };
  }

  /** One pass over the given (or all active) sessions, one per account. Errors are logged per account. */
  runOnce(sessions = this.deps.activeSessions.entries()): Promise<Map<string, RetentionResult[]>> {
    const run = this.running.catch(() => undefined).then(() => this.pass(sessions));
    this.running = run;
    return run;
  }

  private async pass(sessions: Array<[string, string]>): Promise<Map<string, RetentionResult[]>> {
    const { activeSessions, mail, retention, quotas, log } = this.deps;
    const done = new Map<string, RetentionResult[]>();
    for (const [sessionId, account] of sessions) {
      if (done.has(account)) continue;
      const connection = await mail.peek(sessionId);
      if (!connection) {
        activeSessions.forget(sessionId);
        continue;
      }
      try {
        const results = await retention.apply(account, connection);
        done.set(account, results);
        if (results.some((r) => r.expunged > 0)) {
          quotas.invalidate(sessionId);
          log.info({ account, results }, 'retention expunged expired messages');
        }
      } catch (err) {
        log.error({ err, account }, 'retention run failed');
      }
    }
    return done;
  }
}
