/**
 * The route handlers still running. Closing the server waits for the connections, but a client that went away
 * (a balancer's timeout, a browser tab closed) closes its connection while its handler goes on: the shutdown waits
 * for these too before IMAP and the database close under them.
 */
export class InFlight {
  private readonly running = new Set<Promise<unknown>>();

  /** Keeps `work` until it settles; returns it unchanged. */
  track<T>(work: Promise<T>): Promise<T> {
    this.running.add(work);
    const done = () => this.running.delete(work);
    work.then(done, done);
    return work;
  }

  get size(): number {
    return this.running.size;
  }

  /** Resolves once every handler tracked so far (and any started meanwhile) has settled. */
  async settled(): Promise<void> {
    while (this.running.size) await Promise.allSettled([...this.running]);
  }
}
