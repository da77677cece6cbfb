import type { FastifyBaseLogger } from 'fastify';
import type { Job } from '../../infra/jobs/job-registry.js';
import type { MailSessions } from '../../mail/mail-session.js';
import type { OwnerMail } from '../../mail/owner-mail.js';
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
  /** Background mail work for absent owners (delegated access): then every account with a retention is served. */
  owners: OwnerMail;
  /** Every account with a retention on some folder. */
  accountsWithRetention: () => Promise<string[]>;
}

const ownersJobName = 'folder-retention';

/**
 * Folder retention. With delegated mail access (`owners.available`) a `claims` job serves every account that set
 * a retention, signed in or not, through the owner's delegated door (`runForOwners`; each account claimed per
 * interval, so one process does it, and the run written to the owner's security log). In password mode it can
 * act only for the accounts whose session has an open IMAP connection in this process (a `node` job: the key that
 * unseals the password lives only in the user's cookie). Either way it also runs once when a session first uses
 * its mailbox. Passes never overlap.
 */
export class RetentionJob {
  private running: Promise<unknown> = Promise.resolve();

  constructor(private readonly deps: RetentionJobDeps) {}

  get job(): Job {
    if (this.deps.owners.available) {
      return {
        name: ownersJobName,
        scope: 'claims',
        intervalMs: this.deps.intervalMs,
        run: () => this.runForOwners(),
      };
    }
    return {
      name: 'folder-retention',
      scope: 'node',
      intervalMs: this.deps.intervalMs,
      run: () => this.runOnce(),
    };
  }

  /** One pass over every account with a retention, whether its owner is signed in or not (`now`: the clock). */
  runForOwners(now = Date.now()): Promise<Map<string, RetentionResult[]>> {
    const run = this.running.catch(() => undefined).then(() => this.ownersPass(now));
    this.running = run;
    return run;
  }

  private async ownersPass(now: number): Promise<Map<string, RetentionResult[]>> {
    const { owners, retention, log, intervalMs } = this.deps;
    const done = new Map<string, RetentionResult[]>();
    for (const account of await this.deps.accountsWithRetention()) {
      // Claimed for one interval: another process skips it, and so does this one until the next period.
      if (!(await owners.claim(ownersJobName, account, now, intervalMs))) continue;
      try {
        const results = await owners.run(account, ownersJobName, async (mail) =>
          retention.apply(account, await mail.connection(), now),
        );
        done.set(account, results);
        if (results.some((r) => r.expunged > 0)) {
          log.info({ account, results }, 'retention expunged expired messages');
        }
      } catch (err) {
        log.error({ err, account }, 'retention run failed');
      }
    }
    return done;
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
