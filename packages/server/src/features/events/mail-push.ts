import type { FastifyBaseLogger } from 'fastify';
import type { MailPush } from '@webmail/contracts';
import type { MailFolder, MailSession } from '../../mail/mail-session.js';
import { folderStatusItems, toFolderStatus, type FolderStatus } from '../../mail/watch/folder-status.js';
import type { WatcherListener } from '../../mail/watch/mailbox-watcher.js';
import { pushNews, type FolderNews } from './push-news.js';

export interface MailPushDeps {
  /** Whether the account has an open stream in this process (nobody else needs its live mail here). */
  present: (account: string) => boolean;
  /** Reads the account's mailbox through the delegated door; the connection is closed afterwards. */
  read: <T>(account: string, fn: (mail: MailSession) => Promise<T>) => Promise<T>;
  /** The same turn of changes into stream events the mailbox watchers use. */
  listenerFor: (account: string) => WatcherListener;
  log: FastifyBaseLogger;
  /** The clock of the repeats window (tests). */
  now?: () => number;
}

/** How long, and for how many messages at most, an arrival or expunge is remembered to drop its repeats. */
export const repeatsWindow = { ms: 60 * 60_000, keys: 50_000 };

const onceEach = new Set(['MessageNew', 'MessageAppend', 'MessageExpunge']);

/**
 * Arrivals and expunges taken lately (account, folder, UIDVALIDITY, UID): each happens once per message, so one
 * seen again is a push the mail server sent again (it had no answer in time, also when the push did arrive).
 * Bounded in time and count: the oldest are forgotten first.
 */
export class RecentMessageEvents {
  private readonly seen = new Map<string, number>();

  constructor(
    private readonly now: () => number,
    private readonly window = repeatsWindow,
  ) {}

  /** The push without the arrivals and expunges taken before; null when nothing is left. */
  fresh(account: string, push: MailPush): MailPush | null {
    const now = this.now();
    for (const [key, at] of this.seen) {
      if (this.seen.size < this.window.keys && now - at < this.window.ms) break;
      this.seen.delete(key);
    }
    const events = push.events.filter((e) => {
      if (e.uid === undefined || !onceEach.has(e.event)) return true;
      const kind = e.event === 'MessageExpunge' ? 'x' : 'n';
      const key = [account, e.mailbox, e.uidValidity ?? '', e.uid, kind].join('\u0000');
      if (this.seen.has(key)) return false;
      this.seen.set(key, now);
      return true;
    });
    if (events.length === push.events.length) return push;
    return events.length ? { ...push, events } : null;
  }
}

/**
 * Live mail pushed by the mail server. Each push is answered at once (the mail server waits for the answer
 * inside a delivery) and applied afterwards, one account at a time: pushes that arrive meanwhile are folded into
 * the next round, so a burst costs one login. A round reads through the delegated door what the events need —
 * each touched folder's STATUS (counters), the new messages' list rows, the changed messages' flags — and hands
 * it to the same listener a mailbox watcher reports to, so a stream gets the same events either way. Between
 * pushes no IMAP connection is held for anyone.
 */
export class MailPushReceiver {
  private readonly pending = new Map<string, MailPush[]>();
  private readonly running = new Map<string, Promise<void>>();
  private readonly recent: RecentMessageEvents;

  constructor(private readonly deps: MailPushDeps) {
    this.recent = new RecentMessageEvents(deps.now ?? Date.now);
  }

  /** Takes a push; false when no stream here wants it (nothing is read then). Repeats are dropped. */
  accept(received: MailPush): boolean {
    const account = received.user.toLowerCase();
    if (!this.deps.present(account)) return false;
    const push = this.recent.fresh(account, received);
    if (!push) return true;
    const queued = this.pending.get(account);
    if (queued) queued.push(push);
    else this.pending.set(account, [push]);
    if (!this.running.has(account)) {
      const run = this.drain(account).finally(() => this.running.delete(account));
      this.running.set(account, run);
    }
    return true;
  }

  /** Resolves once every push taken so far has been applied (tests and the benchmark wait on it). */
  async settled(): Promise<void> {
    while (this.running.size) await Promise.all(this.running.values());
  }

  private async drain(account: string): Promise<void> {
    for (let pushes = this.take(account); pushes.length; pushes = this.take(account)) {
      await this.apply(account, pushes).catch((err: unknown) =>
        this.deps.log.warn({ err }, 'mail push: a change could not be read'),
      );
    }
  }

  private take(account: string): MailPush[] {
    const pushes = this.pending.get(account) ?? [];
    this.pending.delete(account);
    return pushes;
  }

  private async apply(account: string, pushes: MailPush[]): Promise<void> {
    const { folders, foldersChanged } = pushNews(pushes);
    const listener = this.deps.listenerFor(account);
    if (foldersChanged) listener.foldersChanged();
    if (!folders.size || !this.deps.present(account)) return;
    await this.deps.read(account, async (mail) => {
      const connection = await mail.connection();
      const read: Array<{ path: string; status: FolderStatus; news: FolderNews }> = [];
      for (const [path, news] of folders) {
        // A folder deleted since has nothing to report (its deletion came as a folder change).
        const s = await connection.status(path, folderStatusItems).catch(() => null);
        const status = s && toFolderStatus(s);
        if (!status) continue;
        read.push({ path, status, news });
      }
      if (read.length) listener.counters(read.map(({ path, status }) => ({ path, status })));
      for (const { path, status, news } of read) {
        const reset =
          news.reset || (news.uidValidity !== null && String(news.uidValidity) !== status.uidValidity);
        await connection.inPath(path, (folder) => this.report(listener, folder, status, news, reset), {
          readOnly: true,
        });
      }
    });
  }

  private async report(
    listener: WatcherListener,
    folder: MailFolder,
    status: FolderStatus,
    news: FolderNews,
    reset: boolean,
  ): Promise<void> {
    const flagUids = [...news.flagUids];
    const fetched =
      reset || !flagUids.length ? [] : await folder.fetchAll(flagUids, { uid: true, flags: true });
    await listener.changed({
      path: folder.path,
      status,
      reset,
      newUids: reset ? [] : [...news.newUids].sort((a, b) => a - b),
      expungedUids: reset ? [] : [...news.expungedUids],
      flagChanges: fetched.map((m) => ({ uid: m.uid, flags: m.flags ?? new Set<string>() })),
      folder,
    });
  }
}
