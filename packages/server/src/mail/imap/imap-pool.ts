import type { ImapFlow } from 'imapflow';

interface Entry {
  client: Promise<ImapFlow>;
  timer: NodeJS.Timeout;
}

/**
 * One persistent, authenticated IMAP connection per signed-in session: no LOGIN per request (a LOGIN
 * costs ~23 ms, and the first FETCH after a new SELECT ~95 ms more). A connection idle for `idleCloseMs`
 * is logged out; a dropped one is replaced on next use. Concurrent first uses share one pending login.
 */
export class ImapPool {
  private readonly entries = new Map<string, Entry>();
  private readonly endListeners: Array<(sessionId: string) => void> = [];
  /** Logins this pool performed (for tests and metrics). */
  logins = 0;
  /** Told how long each request waited for a connection that was not ready at once (metrics). */
  onWait: (seconds: number) => void = () => undefined;

  constructor(private readonly idleCloseMs: number) {}

  async acquire(sessionId: string, connect: () => Promise<ImapFlow>): Promise<ImapFlow> {
    const existing = this.entries.get(sessionId);
    if (existing) {
      const client = await existing.client.catch(() => null);
      if (client?.usable) {
        this.touch(sessionId, existing);
        return client;
      }
      this.drop(sessionId, existing);
    }
    const started = performance.now();
    const pending = connect().then((client) => {
      this.logins += 1;
      client.once('close', () => {
        const entry = this.entries.get(sessionId);
        if (entry && entry.client === pending) this.drop(sessionId, entry);
      });
      return client;
    });
    const entry: Entry = { client: pending, timer: this.idleTimer(sessionId) };
    this.entries.set(sessionId, entry);
    try {
      return await pending;
    } catch (err) {
      this.drop(sessionId, entry);
      throw err;
    } finally {
      this.onWait((performance.now() - started) / 1000);
    }
  }

  /**
   * The session's open connection, or null — never a new login. For background jobs: it does not reset
   * the idle timer, so a job alone never keeps a connection (and a user's password) in use.
   */
  async peek(sessionId: string): Promise<ImapFlow | null> {
    const entry = this.entries.get(sessionId);
    if (!entry) return null;
    const client = await entry.client.catch(() => null);
    return client?.usable ? client : null;
  }

  /** Hands an already-authenticated connection (the one sign-in used) to the pool. */
  adopt(sessionId: string, client: ImapFlow): void {
    void this.release(sessionId);
    this.logins += 1;
    const entry: Entry = { client: Promise.resolve(client), timer: this.idleTimer(sessionId) };
    this.entries.set(sessionId, entry);
    client.once('close', () => {
      if (this.entries.get(sessionId) === entry) this.drop(sessionId, entry);
    });
  }

  /** Logs the session's connection out (sign-out, revocation). */
  async release(sessionId: string): Promise<void> {
    const entry = this.entries.get(sessionId);
    if (!entry) return;
    this.drop(sessionId, entry);
    const client = await entry.client.catch(() => null);
    await client?.logout().catch(() => client.close());
  }

  async closeAll(): Promise<void> {
    await Promise.all([...this.entries.keys()].map((id) => this.release(id)));
  }

  get size(): number {
    return this.entries.size;
  }

  /** Called whenever a session's connection leaves the pool (sign-out, idle close, dropped connection). */
  onConnectionEnd(listener: (sessionId: string) => void): void {
    this.endListeners.push(listener);
  }

  private touch(sessionId: string, entry: Entry): void {
    clearTimeout(entry.timer);
    entry.timer = this.idleTimer(sessionId);
  }

  private idleTimer(sessionId: string): NodeJS.Timeout {
    const timer = setTimeout(() => void this.release(sessionId), this.idleCloseMs);
    timer.unref();
    return timer;
  }

  private drop(sessionId: string, entry: Entry): void {
    clearTimeout(entry.timer);
    if (this.entries.get(sessionId) !== entry) return;
    this.entries.delete(sessionId);
    for (const listener of this.endListeners) listener(sessionId);
  }
}
