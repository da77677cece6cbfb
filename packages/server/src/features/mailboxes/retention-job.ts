import type { FastifyBaseLogger } from 'fastify';
import type { ImapPool } from '../../mail/imap/imap-pool.js';
import type { ActiveSessions } from './active-sessions.js';
import type { FolderRetentionService, RetentionResult } from './folder-retention.service.js';
import type { QuotaCache } from './quota-cache.js';

/**
 * Runs folder retention every `intervalMs` for the accounts whose session has an open IMAP connection,
 * and once when a session first opens its mailbox. It cannot act for anyone else: the key that unseals
 * the IMAP password lives only in the user's cookie (ARCHITECTURE.md, retention). Runs never overlap.
 */
export class RetentionJob {
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<unknown> = Promise.resolve();

  constructor(
    private readonly retention: FolderRetentionService,
    private readonly activeSessions: ActiveSessions,
    private readonly imapPool: ImapPool,
    private readonly quotas: QuotaCache,
    private readonly log: FastifyBaseLogger,
  ) {}

  start(intervalMs: number): void {
    this.timer = setInterval(() => void this.runOnce(), intervalMs);
    this.timer.unref();
    this.activeSessions.onFirstUse = (sessionId, account) => void this.runOnce([[sessionId, account]]);
  }

  async stop(): Promise<void> {
    clearInterval(this.timer);
    this.activeSessions.onFirstUse = undefined;
    await this.running.catch(() => undefined);
  }

  /** One pass over the given (or all active) sessions, one per account. Errors are logged per account. */
  runOnce(sessions = this.activeSessions.entries()): Promise<Map<string, RetentionResult[]>> {
    const run = this.running.catch(() => undefined).then(() => this.pass(sessions));
    this.running = run;
    return run;
  }

  private async pass(sessions: Array<[string, string]>): Promise<Map<string, RetentionResult[]>> {
    const done = new Map<string, RetentionResult[]>();
    for (const [sessionId, account] of sessions) {
      if (done.has(account)) continue;
      const client = await this.imapPool.peek(sessionId);
      if (!client) {
        this.activeSessions.forget(sessionId);
        continue;
      }
      try {
        const results = await this.retention.apply(account, client);
        done.set(account, results);
        if (results.some((r) => r.expunged > 0)) {
          this.quotas.invalidate(sessionId);
          this.log.info({ account, results }, 'retention expunged expired messages');
        }
      } catch (err) {
        this.log.error({ err, account }, 'retention run failed');
      }
    }
    return done;
  }
}
