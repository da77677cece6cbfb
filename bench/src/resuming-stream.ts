/**
 * An event stream that reconnects as the web app's does: on `reconnect` (a node going away) after 250–1250 ms, on an
 * end or error after 1 s, each time with `Last-Event-ID` of the last logged event seen; after every reopen the app
 * reads its lists again (mail events carry no id and are not replayed), here `onResumed`. It records the logged
 * event ids and the subjects of the new mail (`EXISTS`) it saw, and whether the server refused it with 401.
 */
export interface StreamRecord {
  /** Ids of the logged events seen (the first is the id `connected` carried). */
  ids: Set<number>;
  firstId: number | null;
  /** Subjects of new messages announced live. */
  subjects: Set<string>;
  reconnects: number;
  /** The stream was refused with 401: the session is gone. */
  signedOut: boolean;
  /** Statuses of refused reopens (not 401), by status. */
  refused: Map<string, number>;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export class ResumingStream {
  readonly record: StreamRecord = {
    ids: new Set(),
    firstId: null,
    subjects: new Set(),
    reconnects: 0,
    signedOut: false,
    refused: new Map(),
  };
  private lastId: string | null = null;
  private controller: AbortController | null = null;
  private stopped = false;

  constructor(
    private readonly url: string,
    private readonly cookies: () => string,
    /** Runs after each reopen (the app's refetch of everything). */
    private readonly onResumed: () => Promise<void>,
  ) {}

  /** Opens the stream; resolves once the first one answered (headers). */
  async start(): Promise<void> {
    if (!(await this.open())) throw new Error('the first event stream was refused');
  }

  stop(): void {
    this.stopped = true;
    this.controller?.abort();
  }

  /** Opens one connection; false when it was refused. Its body is read in the background. */
  private async open(): Promise<boolean> {
    const controller = new AbortController();
    this.controller = controller;
    const headers: Record<string, string> = { cookie: this.cookies(), accept: 'text/event-stream' };
    if (this.lastId) headers['last-event-id'] = this.lastId;
    let res: Response;
    try {
      res = await fetch(this.url, { headers, signal: controller.signal });
    } catch {
      void this.again(1000);
      return false;
    }
    if (!res.ok || !res.body) {
      if (res.status === 401) this.record.signedOut = true;
      const key = String(res.status);
      this.record.refused.set(key, (this.record.refused.get(key) ?? 0) + 1);
      await res.body?.cancel().catch(() => undefined);
      if (res.status !== 401) void this.again(1000);
      return false;
    }
    void this.read(res.body, controller);
    return true;
  }

  private async read(body: ReadableStream<Uint8Array>, controller: AbortController): Promise<void> {
    const decoder = new TextDecoder();
    let buffer = '';
    let delay = 1000;
    try {
      for await (const chunk of body) {
        buffer += decoder.decode(chunk, { stream: true });
        let end: number;
        while ((end = buffer.indexOf('\n\n')) >= 0) {
          const told = this.message(buffer.slice(0, end));
          buffer = buffer.slice(end + 2);
          if (told === 'reconnect') delay = 250 + Math.random() * 1000;
          if (told === 'resync') void this.onResumed().catch(() => undefined);
        }
      }
    } catch {
      // aborted or cut off
    }
    if (controller === this.controller) void this.again(delay);
  }

  /** One SSE message: its id (logged events) and what it announces. */
  private message(block: string): string | null {
    let data = '';
    for (const line of block.split('\n')) {
      if (line.startsWith('id: ')) {
        this.lastId = line.slice(4);
        const id = Number(this.lastId);
        this.record.ids.add(id);
        this.record.firstId ??= id;
      } else if (line.startsWith('data: ')) data += line.slice(6);
    }
    if (!data) return null;
    const event = JSON.parse(data) as { command: string; messages?: Array<{ subject?: string }> };
    if (event.command === 'EXISTS')
      for (const m of event.messages ?? []) this.record.subjects.add(m.subject ?? '');
    return event.command;
  }

  private async again(ms: number): Promise<void> {
    if (this.stopped) return;
    this.controller = null;
    await sleep(ms);
    if (this.stopped) return;
    this.record.reconnects += 1;
    if (await this.open()) await this.onResumed().catch(() => undefined);
  }
}
