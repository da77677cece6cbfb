import type { MailLogin } from '../mail-access.js';
import type { FastifyBaseLogger } from 'fastify';
import type { ImapFlow } from 'imapflow';
import {
  atom,
  decodeMailboxName,
  list,
  onUnsolicited,
  parsedCommand,
  type ParsedUntagged,
} from '../imap/imap-raw-command.js';
import { MailConnection } from '../imap/mail-connection.js';
import { MailFolder } from '../imap/mail-folder.js';
import type { MailConnector } from '../mail-connector.js';
import {
  contentChanged,
  countsChanged,
  folderStatusItems,
  parseStatus,
  toFolderStatus,
  type FolderStatus,
} from './folder-status.js';
import { Reconnect, type ReconnectOptions } from './reconnect.js';

/** What changed in one folder since the watcher last looked, read while the folder is open (read-only). */
export interface FolderChange {
  path: string;
  status: FolderStatus;
  /** The folder's UIDVALIDITY changed: its UIDs mean other messages now; the client reloads it. */
  reset: boolean;
  newUids: number[];
  expungedUids: number[];
  flagChanges: Array<{ uid: number; flags: Set<string> }>;
  /** The folder, selected (read-only) on the watcher's connection, for reading the new messages' rows. */
  folder: MailFolder;
}

export interface WatcherListener {
  /** Folders whose counts changed (unseen, total). */
  counters(folders: Array<{ path: string; status: FolderStatus }>): void;
  /** One folder's content changed; runs before the watcher closes the folder again. */
  changed(change: FolderChange): Promise<void>;
  /** Folders were created, renamed or deleted (by anyone). */
  foldersChanged(): void;
}

const notifyEvents = ['MessageNew', 'MessageExpunge', 'FlagChange', 'MailboxName', 'SubscriptionChange'];
/** Changes of one burst (a mass action, a delivery to several folders) are read together. */
const settleMs = 40;
/** Without NOTIFY: how often every folder's STATUS is compared. */
const pollMs = 10_000;
/** A NOOP now and then keeps the server from closing an idle connection (Dovecot: after 30 minutes). */
const keepAliveMs = 4 * 60_000;

/**
 * Watches one account's whole mailbox on a connection of its own and reports what changed, folder by folder.
 *
 * With NOTIFY (RFC 5465; Dovecot has it) the server sends `* STATUS` for every folder whose messages, flags or
 * counts change, and `* LIST` for folders created, renamed or deleted, as they happen. Without it, every
 * folder's STATUS is compared every 10 s (LIST-STATUS where offered). Either way a changed folder is then
 * opened read-only with QRESYNC (RFC 7162) from the HIGHESTMODSEQ last seen: the server answers with the UIDs
 * that vanished and the flags that changed since, and UIDs from the old UIDNEXT on are the new messages. The
 * folder is closed again, so NOTIFY keeps reporting every folder the same way.
 */
export class MailboxWatcher {
  private client: ImapFlow | null = null;
  private readonly known = new Map<string, FolderStatus>();
  private readonly dirty = new Map<string, FolderStatus>();
  private timer: NodeJS.Timeout | null = null;
  private keepAlive: NodeJS.Timeout | null = null;
  private poller: NodeJS.Timeout | null = null;
  private working: Promise<void> = Promise.resolve();
  private stopped = false;
  private listsChanged = false;

  private readonly reconnect: Reconnect;

  constructor(
    private readonly account: string,
    private readonly login: () => Promise<MailLogin>,
    private readonly connector: MailConnector,
    private readonly listener: WatcherListener,
    private readonly log: FastifyBaseLogger,
    options: ReconnectOptions = {},
  ) {
    this.reconnect = new Reconnect(options, () => this.start());
  }

  /**
   * Starts watching and keeps at it until stopped: a failed start and a lost connection (a Dovecot restart or
   * reload closes it) are retried with growing, jittered delays, forever. `live` hears each change of state.
   */
  run(live: (on: boolean) => void): void {
    this.reconnect.begin(live, (err) =>
      this.log.warn({ err, account: this.account }, 'mailbox watcher: connecting failed; will retry'),
    );
  }

  /** Whether it is watching now (connected and not stopped). */
  get live(): boolean {
    return !this.stopped && this.client?.usable === true;
  }

  /** Connects and starts watching; the first STATUS of every folder is the baseline, not a change. */
  async start(): Promise<void> {
    const client = await this.connector.connect(await this.login(), { qresync: true });
    if (this.stopped) {
      await client.logout().catch(() => client.close());
      return;
    }
    this.client = client;
    client.on('close', () => {
      if (this.client === client) this.onClose();
    });
    try {
      await this.watch(client);
    } catch (err) {
      // Half set up: let it go (its close is not a lost connection to report) and fail this attempt.
      this.client = null;
      client.close();
      throw err;
    }
  }

  private async watch(client: ImapFlow): Promise<void> {
    onUnsolicited(client, 'STATUS', (untagged) => this.onStatus(untagged));
    onUnsolicited(client, 'LIST', () => this.onList());
    if (client.capabilities.has('NOTIFY')) {
      const events = list(...notifyEvents.map(atom));
      await parsedCommand(client, 'NOTIFY', [atom('SET'), atom('STATUS'), list(atom('personal'), events)], {
        STATUS: (untagged) => this.onStatus(untagged),
      });
    } else {
      await this.poll();
      this.poller = setInterval(() => void this.poll().catch(() => undefined), pollMs);
      this.poller.unref();
    }
    this.keepAlive = setInterval(() => void this.queue(async (c) => void (await c.noop())), keepAliveMs);
    this.keepAlive.unref();
  }

  /**
   * The folder's state as the server last reported it (NOTIFY only: polling would be up to 10 s old), or null. It
   * trails a change by the server's NOTIFY delay (Dovecot: ~0.5 s).
   */
  statusOf(path: string): FolderStatus | null {
    if (!this.reportsCurrent) return null;
    return this.dirty.get(path) ?? this.known.get(path) ?? null;
  }

  /** Every folder's state as the server last reported it (NOTIFY only, as `statusOf`). */
  statuses(): Array<{ path: string; status: FolderStatus }> {
    if (!this.reportsCurrent) return [];
    return [...new Map([...this.known, ...this.dirty])].map(([path, status]) => ({ path, status }));
  }

  /** Whether the states kept are the server's current ones: running, connected, and told of changes by NOTIFY. */
  private get reportsCurrent(): boolean {
    return !this.stopped && !!this.client?.usable && this.usesNotify;
  }

  get usesNotify(): boolean {
    return this.client?.capabilities.has('NOTIFY') ?? false;
  }

  async stop(): Promise<void> {
    this.stopped = true;
    this.reconnect.stop();
    for (const t of [this.timer, this.keepAlive, this.poller]) if (t) clearTimeout(t);
    const client = this.client;
    this.client = null;
    await this.working.catch(() => undefined);
    await client?.logout().catch(() => client.close());
  }

  /** Resolves once the changes noticed so far have been reported (tests and the benchmark wait on it). */
  settled(): Promise<void> {
    return new Promise((resolve) => setTimeout(resolve, settleMs * 2)).then(() => this.working);
  }

  /**
   * The first STATUS of a folder is its baseline; any later one (also the first after a reconnect, which
   * reports what changed while the connection was away) is compared with what was known.
   */
  private onStatus(untagged: ParsedUntagged): void {
    const client = this.client;
    if (!client) return;
    const parsed = parseStatus(untagged, (name) => this.known.get(decodeMailboxName(client, name)));
    if (!parsed) return;
    this.note(decodeMailboxName(client, parsed.name), parsed.status);
    if (this.dirty.size) this.schedule();
  }

  private note(path: string, status: FolderStatus): void {
    const before = this.known.get(path);
    if (!before) this.known.set(path, status);
    else if (countsChanged(before, status) || contentChanged(before, status)) this.dirty.set(path, status);
  }

  private onList(): void {
    this.listsChanged = true;
    this.schedule();
  }

  private schedule(): void {
    if (this.timer || this.stopped) return;
    this.timer = setTimeout(() => {
      this.timer = null;
      void this.queue((client) => this.report(client));
    }, settleMs);
  }

  /** One piece of work at a time on the connection. */
  private queue(work: (client: ImapFlow) => Promise<void>): Promise<void> {
    this.working = this.working
      .then(async () => {
        if (this.client && !this.stopped) await work(this.client);
      })
      .catch((err: unknown) => this.log.warn({ err }, 'mailbox watcher: a change could not be read'));
    return this.working;
  }

  private async report(client: ImapFlow): Promise<void> {
    if (this.listsChanged) {
      this.listsChanged = false;
      this.listener.foldersChanged();
    }
    const changes = [...this.dirty];
    this.dirty.clear();
    const counted = changes.filter(([path, status]) => countsChanged(this.known.get(path), status));
    if (counted.length) this.listener.counters(counted.map(([path, status]) => ({ path, status })));
    for (const [path, status] of changes) {
      const before = this.known.get(path);
      this.known.set(path, status);
      if (before && contentChanged(before, status)) await this.readChanges(client, path, before, status);
    }
  }

  private async readChanges(client: ImapFlow, path: string, before: FolderStatus, status: FolderStatus) {
    const reset = before.uidValidity !== status.uidValidity;
    const expungedUids: number[] = [];
    const flags = new Map<number, Set<string>>();
    const onExpunge = (e: { path: string; uid?: number; vanished?: boolean }) => {
      if (e.path === path && e.vanished && e.uid) expungedUids.push(e.uid);
    };
    const onFlags = (e: { path: string; uid?: number; flags: Set<string> }) => {
      if (e.path === path && e.uid) flags.set(e.uid, e.flags);
    };
    client.on('expunge', onExpunge);
    client.on('flags', onFlags);
    try {
      await client.mailboxOpen(path, {
        readOnly: true,
        ...(!reset && before.highestModseq
          ? { changedSince: BigInt(before.highestModseq), uidValidity: BigInt(before.uidValidity) }
          : {}),
      });
      const newUids =
        reset || status.uidNext <= before.uidNext
          ? []
          : ((await client.search({ uid: `${before.uidNext}:*` }, { uid: true })) || []).filter(
              (uid) => uid >= before.uidNext,
            );
      const flagChanges = [...flags]
        .filter(([uid]) => uid < before.uidNext)
        .map(([uid, set]) => ({ uid, flags: set }));
      const folder = new MailFolder(MailConnection.of(client), path);
      await this.listener.changed({ path, status, reset, newUids, expungedUids, flagChanges, folder });
    } finally {
      client.off('expunge', onExpunge);
      client.off('flags', onFlags);
      await client.mailboxClose().catch(() => undefined);
    }
  }

  /** Without NOTIFY: every folder's STATUS, compared with the last. */
  private async poll(): Promise<void> {
    await this.queue(async (client) => {
      const entries = await client.list({ statusQuery: folderStatusItems });
      for (const entry of entries) {
        const status = entry.status && toFolderStatus(entry.status);
        if (!status) continue;
        this.note(entry.path, status);
      }
      if (this.dirty.size) await this.report(client);
    });
  }

  private onClose(): void {
    if (this.stopped) return;
    this.client = null;
    for (const t of [this.timer, this.keepAlive, this.poller]) if (t) clearTimeout(t);
    this.timer = this.keepAlive = this.poller = null;
    this.log.warn({ account: this.account }, 'mailbox watcher: connection closed; reconnecting');
    // Changes made while it was away come as the next STATUS after reconnecting: the baseline is kept.
    this.reconnect.lost();
  }
}
