import type { FastifyBaseLogger } from 'fastify';
import type { MailConnector } from '../../mail/mail-connector.js';
import type { MailSession } from '../../mail/mail-session.js';
import type { FolderStatus } from '../../mail/watch/folder-status.js';
import { MailboxWatcher, type WatcherListener } from '../../mail/watch/mailbox-watcher.js';

interface Entry {
  watcher: Promise<MailboxWatcher | null>;
  /** Set once the watcher runs. */
  running: MailboxWatcher | null;
  users: number;
  /** The sessions with an open stream, and how many streams each. */
  sessions: Map<string, { mail: MailSession; streams: number }>;
  grace: NodeJS.Timeout | null;
}

/**
 * One mailbox watcher per account with an open stream in this process, shared by all its tabs and browsers,
 * closed a grace period after the last stream closed (a reload reuses it). Each holds one IMAP connection;
 * their number is bounded (`EVENT_WATCHERS_MAX`): past it, streams still carry the webmail's own events, but
 * no live mail.
 */
export class MailboxWatchers {
  private readonly entries = new Map<string, Entry>();

  constructor(
    private readonly deps: {
      connector: MailConnector;
      listenerFor: (account: string) => WatcherListener;
      max: number;
      graceMs: number;
      log: FastifyBaseLogger;
    },
  ) {}

  /** A stream of the account opened (its request's mail session gives the password the watcher signs in with). */
  acquire(mail: MailSession): void {
    const account = mail.email;
    const existing = this.entries.get(account);
    if (existing) {
      existing.users += 1;
      addSession(existing, mail);
      if (existing.grace) clearTimeout(existing.grace);
      existing.grace = null;
      return;
    }
    if (this.entries.size >= this.deps.max) {
      this.deps.log.warn(
        { max: this.deps.max },
        'mailbox watchers: limit reached; no live mail for this stream',
      );
      return;
    }
    const watcher = mail
      .login()
      .then(async (login) => {
        const w = new MailboxWatcher(
          login,
          this.deps.connector,
          this.deps.listenerFor(account),
          this.deps.log,
        );
        await w.start();
        const entry = this.entries.get(account);
        if (entry?.watcher === watcher) entry.running = w;
        return w;
      })
      .catch((err: unknown) => {
        this.deps.log.warn({ err }, 'mailbox watcher could not start');
        return null;
      });
    const entry: Entry = { watcher, running: null, users: 1, sessions: new Map(), grace: null };
    addSession(entry, mail);
    this.entries.set(account, entry);
  }

  /** A stream of the account closed. */
  release(account: string, sessionId: string): void {
    const entry = this.entries.get(account);
    if (!entry) return;
    const session = entry.sessions.get(sessionId);
    if (session && (session.streams -= 1) <= 0) entry.sessions.delete(sessionId);
    entry.users -= 1;
    if (entry.users > 0) return;
    entry.grace = setTimeout(() => void this.close(account), this.deps.graceMs);
    entry.grace.unref();
  }

  /** The account's watcher, once running (tests and the benchmark). */
  async of(account: string): Promise<MailboxWatcher | null> {
    return (await this.entries.get(account)?.watcher) ?? null;
  }

  /** The mail sessions of the account with an open stream here (to read new mail ahead for them). */
  sessionsOf(account: string): MailSession[] {
    return [...(this.entries.get(account)?.sessions.values() ?? [])].map((s) => s.mail);
  }

  /** A folder's state as the account's running watcher knows it (no STATUS needed), or null. */
  statusOf(account: string, path: string): FolderStatus | null {
    return this.entries.get(account)?.running?.statusOf(path) ?? null;
  }

  get size(): number {
    return this.entries.size;
  }

  async closeAll(): Promise<void> {
    await Promise.all([...this.entries.keys()].map((account) => this.close(account)));
  }

  private async close(account: string): Promise<void> {
    const entry = this.entries.get(account);
    if (!entry) return;
    this.entries.delete(account);
    if (entry.grace) clearTimeout(entry.grace);
    await (await entry.watcher)?.stop();
  }
}

function addSession(entry: Entry, mail: MailSession): void {
  const session = entry.sessions.get(mail.account.id);
  if (session) session.streams += 1;
  else entry.sessions.set(mail.account.id, { mail, streams: 1 });
}
