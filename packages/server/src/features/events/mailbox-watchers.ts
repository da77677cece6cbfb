import type { FastifyBaseLogger } from 'fastify';
import type { MailConnector } from '../../mail/mail-connector.js';
import type { MailSession } from '../../mail/mail-session.js';
import type { FolderStatus } from '../../mail/watch/folder-status.js';
import { MailboxWatcher, type WatcherListener } from '../../mail/watch/mailbox-watcher.js';
import type { ReconnectOptions } from '../../mail/watch/reconnect.js';

interface Entry {
  /** Null while the account waits for a free slot. */
  watcher: MailboxWatcher | null;
  /** Settles when the watcher's first start succeeded or failed. */
  firstAttempt: Promise<void>;
  /** Whether live mail runs: null while the first start is under way. */
  live: boolean | null;
  /** What the account's streams were told (or assume): false once they heard "off". */
  told: boolean;
  users: number;
  /** The sessions with an open stream, and how many streams each. */
  sessions: Map<string, { mail: MailSession; streams: number }>;
  grace: NodeJS.Timeout | null;
}

/**
 * One mailbox watcher per account with an open stream in this process, shared by all its tabs and browsers,
 * closed a grace period after the last stream closed (a reload reuses it). Each holds one IMAP connection;
 * their number is bounded (`EVENT_WATCHERS_MAX`): past it, an account's streams still carry the webmail's own
 * events but no live mail, and it waits for the next free slot. Whenever an account's live mail stops or starts
 * (no slot, a failed start, a lost connection not back at the first retry, back again) `onLive` is told, so its
 * streams can say so. A lost connection alone is not news: Dovecot ends a user's connections on a password change
 * or `doveadm kick`, and the retry a second later is back with what changed meanwhile (the watcher keeps its
 * baseline); telling every open browser "off" and "on" again for that only covered what the user was doing.
 */
export class MailboxWatchers {
  private readonly entries = new Map<string, Entry>();
  private watching = 0;

  constructor(
    private readonly deps: {
      connector: MailConnector;
      listenerFor: (account: string) => WatcherListener;
      max: number;
      graceMs: number;
      /** An account's live mail went off (`false`) or on again (`true`). */
      onLive: (account: string, on: boolean) => void;
      retry?: ReconnectOptions;
      log: FastifyBaseLogger;
    },
  ) {}

  /** A stream of the account opened (its request's mail session gives the login the watcher uses). */
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
    const slot = this.watching < this.deps.max;
    const entry: Entry = {
      watcher: null,
      firstAttempt: Promise.resolve(),
      live: slot ? null : false,
      told: slot,
      users: 1,
      sessions: new Map(),
      grace: null,
    };
    addSession(entry, mail);
    this.entries.set(account, entry);
    if (slot) this.startWatcher(account, entry);
    else this.deps.log.warn({ max: this.deps.max }, 'mailbox watchers: limit reached; no live mail for now');
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

  /**
   * False when the account's streams were told live mail is off (no slot, not connected past the first retry);
   * true while on, still starting, or reconnecting after a loss.
   */
  liveOf(account: string): boolean {
    return this.entries.get(account)?.told !== false;
  }

  /** The account's watcher once its first start ended, if it runs (tests and the benchmark). */
  async of(account: string): Promise<MailboxWatcher | null> {
    const entry = this.entries.get(account);
    await entry?.firstAttempt;
    return entry?.watcher?.live ? entry.watcher : null;
  }

  /**
   * Settles once the account's mail changes are reported from (its watcher has its baseline), its first start
   * failed, or it has no slot: at most `waitMs` later.
   */
  async started(account: string, waitMs = 5_000): Promise<void> {
    const first = this.entries.get(account)?.firstAttempt;
    if (!first) return;
    let timer: NodeJS.Timeout | undefined;
    const waited = new Promise<void>((resolve) => (timer = setTimeout(resolve, waitMs).unref()));
    await Promise.race([first, waited]).finally(() => clearTimeout(timer));
  }

  /** The mail sessions of the account with an open stream here (to read new mail ahead for them). */
  sessionsOf(account: string): MailSession[] {
    return [...(this.entries.get(account)?.sessions.values() ?? [])].map((s) => s.mail);
  }

  /** A folder's state as the account's running watcher knows it (no STATUS needed), or null. */
  statusOf(account: string, path: string): FolderStatus | null {
    return this.entries.get(account)?.watcher?.statusOf(path) ?? null;
  }

  /** Every folder's state as the account's running watcher knows it (none without one). */
  statusesOf(account: string): Array<{ path: string; status: FolderStatus }> {
    return this.entries.get(account)?.watcher?.statuses() ?? [];
  }

  /** Watchers holding a slot (running or reconnecting). */
  get size(): number {
    return this.watching;
  }

  async closeAll(): Promise<void> {
    await Promise.all([...this.entries.keys()].map((account) => this.close(account, false)));
  }

  private startWatcher(account: string, entry: Entry): void {
    this.watching += 1;
    // Each attempt logs in with a session that still has a stream and is still signed in: the first one may have
    // ended meanwhile (a password change ends the others) before its stream closed.
    const login = async () => {
      let lastError: unknown = new Error('no session with an open stream');
      for (const session of [...entry.sessions.values()]) {
        try {
          return await session.mail.login();
        } catch (err) {
          lastError = err;
        }
      }
      throw lastError;
    };
    const watcher = new MailboxWatcher(
      account,
      login,
      this.deps.connector,
      this.deps.listenerFor(account),
      this.deps.log,
      this.deps.retry,
    );
    entry.watcher = watcher;
    let settle: () => void = () => undefined;
    entry.firstAttempt = new Promise((resolve) => (settle = resolve));
    watcher.run((on) => {
      settle();
      const lost = entry.live === true && !on;
      entry.live = on;
      // Streams assume live mail runs: only a failed start, or a loss the first retry did not mend, is news.
      if (this.entries.get(account) !== entry || lost || entry.told === on) return;
      entry.told = on;
      this.deps.onLive(account, on);
    });
  }

  private async close(account: string, giveSlot = true): Promise<void> {
    const entry = this.entries.get(account);
    if (!entry) return;
    this.entries.delete(account);
    if (entry.grace) clearTimeout(entry.grace);
    if (!entry.watcher) return;
    this.watching -= 1;
    await entry.watcher.stop();
    if (giveSlot) this.giveFreedSlot();
  }

  /** A slot was freed: the account that has waited longest (and still has a stream) gets it. */
  private giveFreedSlot(): void {
    for (const [account, entry] of this.entries) {
      if (this.watching >= this.deps.max) return;
      if (!entry.watcher && entry.users > 0) this.startWatcher(account, entry);
    }
  }
}

function addSession(entry: Entry, mail: MailSession): void {
  const session = entry.sessions.get(mail.account.id);
  if (session) session.streams += 1;
  else entry.sessions.set(mail.account.id, { mail, streams: 1 });
}
