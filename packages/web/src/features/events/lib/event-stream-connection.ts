import { eventStreamLimits } from '@webmail/contracts';

/** The part of an `EventSource` the connection uses (a fake one in tests). */
export interface EventSourceLike {
  onopen: ((event: Event) => void) | null;
  onmessage: ((event: MessageEvent<string>) => void) | null;
  onerror: ((event: Event) => void) | null;
  close: () => void;
}

/**
 * Where the stream is: `open` (`recovered` after an error), `retrying` (closed with an error; retry `retry` of the
 * maximum is waiting), `failed` (every retry failed; only `restart` opens it again).
 */
export type StreamStatus =
  /** `resumed`: it reopened at once after the session was renewed, without a notice (what it missed is re-read). */
  | { kind: 'open'; recovered: boolean; resumed?: true }
  | { kind: 'retrying'; retry: number }
  /** The server refused the stream for load (429) and said when to come back; this does not count as a retry. */
  | { kind: 'waiting'; seconds: number }
  | { kind: 'failed' };

export interface StreamConnectionOptions {
  /** The stream's address, resuming after the last logged event when there is one. */
  url: (lastEventId: string | null) => string;
  connect: (url: string) => EventSourceLike;
  /** One message's `data`. */
  onMessage: (data: string) => void;
  onStatus: (status: StreamStatus) => void;
  /** Runs before each reconnect (the session check, which renews expired tokens); its failure is ignored. */
  beforeReconnect?: () => Promise<unknown>;
  reconnectDelayMs?: number;
  maxRetries?: number;
  /**
   * After an error before the stream opened: the seconds the server asked to wait (a 429's `Retry-After`: too many
   * streams), or null. An EventSource cannot see the status, so this asks the server again.
   */
  busyFor?: (url: string) => Promise<number | null>;
  /**
   * Asked once after an error, before any notice: true when the break was the session's tokens, now renewed (the
   * stream then reopens at once and quietly); false (or a failure) for a real break, which takes the usual course.
   */
  renewedSession?: () => Promise<boolean>;
}

export interface StreamConnection {
  /** Reconnects at once instead of waiting for the next retry. */
  retryNow: () => void;
  /**
   * The server asked for a reconnect (it is going away): this stream closes now, quietly (its end is no error),
   * and a new one opens after `ms`, resuming after the last event.
   */
  resumeAfter: (ms: number) => void;
  /** Opens it again with a fresh count of retries (after `failed`, or after it was stopped). */
  restart: () => void;
  /** Closes it for good: no retry, no status. */
  stop: () => void;
}

/**
 * One live event stream that reconnects itself. The browser's own EventSource reconnection is not used: it retries
 * forever, every few seconds, and resends only the `Last-Event-ID` of the same object. Here an error closes the
 * EventSource; a new one opens after `reconnectDelayMs` with `?lastEventId=` of the last logged event (mail events
 * carry no id and leave it as it was), at most `maxRetries` times in a row; an open resets the count.
 */
export function openEventStream(options: StreamConnectionOptions): StreamConnection {
  const stream = new ReconnectingEventStream(options);
  stream.open();
  return {
    retryNow: () => {
      if (stream.timer !== null) stream.reconnect();
    },
    resumeAfter: (ms) => stream.resumeAfter(ms),
    restart: () => {
      stream.retries = 0;
      stream.reconnect();
    },
    stop: () => {
      stream.generation += 1;
      stream.close();
    },
  };
}

/** The state of one stream and its steps; `openEventStream` hands out only the `StreamConnection` part. */
class ReconnectingEventStream {
  private readonly options: StreamConnectionOptions;
  private readonly delay: number;
  private readonly maxRetries: number;
  private source: EventSourceLike | null = null;
  timer: ReturnType<typeof setTimeout> | null = null;
  private lastEventId: string | null = null;
  retries = 0;
  private failedSinceOpen = false;
  generation = 0;
  /** The quiet check after a token renewal was used since the last open (only one per break). */
  private renewalChecked = false;
  private resumed = false;

  constructor(options: StreamConnectionOptions) {
    this.options = options;
    this.delay = options.reconnectDelayMs ?? eventStreamLimits.reconnectDelayMs;
    this.maxRetries = options.maxRetries ?? eventStreamLimits.maxRetries;
  }

  close(): void {
    if (this.timer !== null) clearTimeout(this.timer);
    this.timer = null;
    if (this.source) {
      this.source.onopen = this.source.onmessage = this.source.onerror = null;
      this.source.close();
    }
    this.source = null;
  }

  private scheduleRetry(): void {
    if (this.retries >= this.maxRetries) {
      this.options.onStatus({ kind: 'failed' });
      return;
    }
    this.retries += 1;
    this.options.onStatus({ kind: 'retrying', retry: this.retries });
    this.timer = setTimeout(() => this.reconnect(), this.delay);
  }

  /** A refusal for load is waited out as the server asked, however often it comes; anything else is a retry. */
  private afterRefusal(url: string): void {
    const mine = this.generation;
    void this.options.busyFor!(url)
      .catch(() => null)
      .then((seconds) => {
        if (mine !== this.generation || this.source !== null || this.timer !== null) return;
        if (seconds === null) return this.scheduleRetry();
        this.options.onStatus({ kind: 'waiting', seconds });
        this.timer = setTimeout(() => this.reconnect(), seconds * 1000);
      });
  }

  open(): void {
    const url = this.options.url(this.lastEventId);
    const current = this.options.connect(url);
    let opened = false;
    this.source = current;
    current.onopen = () => {
      opened = true;
      this.retries = 0;
      const recovered = this.failedSinceOpen;
      this.failedSinceOpen = false;
      this.renewalChecked = false;
      const resumed = this.resumed;
      this.options.onStatus({ kind: 'open', recovered, ...(resumed && !recovered ? { resumed } : {}) });
      this.resumed = false;
    };
    current.onmessage = (event) => {
      // A message without `id:` reports the last id seen on this EventSource (or '' when none came yet).
      if (event.lastEventId) this.lastEventId = event.lastEventId;
      this.options.onMessage(event.data);
    };
    current.onerror = () => {
      this.close();
      if (this.options.renewedSession && !this.renewalChecked) {
        return this.checkRenewal(() => this.afterError(opened, url));
      }
      this.afterError(opened, url);
    };
  }

  private afterError(opened: boolean, url: string): void {
    this.failedSinceOpen = true;
    if (!opened && this.options.busyFor) this.afterRefusal(url);
    else this.scheduleRetry();
  }

  /** A stream cut because its tokens were renewed reopens at once; anything else goes on to `otherwise`. */
  private checkRenewal(otherwise: () => void): void {
    this.renewalChecked = true;
    const mine = ++this.generation;
    void this.options.renewedSession!()
      .catch(() => false)
      .then((renewed) => {
        if (mine !== this.generation) return;
        if (!renewed) return otherwise();
        this.resumed = true;
        this.open();
      });
  }

  reconnect(): void {
    this.close();
    const mine = ++this.generation;
    void (this.options.beforeReconnect?.() ?? Promise.resolve())
      .catch(() => undefined)
      .then(() => {
        if (mine === this.generation) this.open();
      });
  }

  resumeAfter(ms: number): void {
    this.close();
    this.retries = 0;
    this.timer = setTimeout(() => this.reconnect(), ms);
  }
}
