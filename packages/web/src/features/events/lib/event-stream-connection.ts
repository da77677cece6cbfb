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
  const delay = options.reconnectDelayMs ?? eventStreamLimits.reconnectDelayMs;
  const maxRetries = options.maxRetries ?? eventStreamLimits.maxRetries;
  let source: EventSourceLike | null = null;
  let timer: ReturnType<typeof setTimeout> | null = null;
  let lastEventId: string | null = null;
  let retries = 0;
  let failedSinceOpen = false;
  let generation = 0;
  /** The quiet check after a token renewal was used since the last open (only one per break). */
  let renewalChecked = false;
  let resumed = false;

  const close = () => {
    if (timer !== null) clearTimeout(timer);
    timer = null;
    if (source) {
      source.onopen = source.onmessage = source.onerror = null;
      source.close();
    }
    source = null;
  };

  function scheduleRetry(): void {
    if (retries >= maxRetries) {
      options.onStatus({ kind: 'failed' });
      return;
    }
    retries += 1;
    options.onStatus({ kind: 'retrying', retry: retries });
    timer = setTimeout(reconnect, delay);
  }

  /** A refusal for load is waited out as the server asked, however often it comes; anything else is a retry. */
  function afterRefusal(url: string): void {
    const mine = generation;
    void options.busyFor!(url)
      .catch(() => null)
      .then((seconds) => {
        if (mine !== generation || source !== null || timer !== null) return;
        if (seconds === null) return scheduleRetry();
        options.onStatus({ kind: 'waiting', seconds });
        timer = setTimeout(reconnect, seconds * 1000);
      });
  }

  function open(): void {
    const url = options.url(lastEventId);
    const current = options.connect(url);
    let opened = false;
    source = current;
    current.onopen = () => {
      opened = true;
      retries = 0;
      const recovered = failedSinceOpen;
      failedSinceOpen = false;
      renewalChecked = false;
      options.onStatus({ kind: 'open', recovered, ...(resumed && !recovered ? { resumed } : {}) });
      resumed = false;
    };
    current.onmessage = (event) => {
      // A message without `id:` reports the last id seen on this EventSource (or '' when none came yet).
      if (event.lastEventId) lastEventId = event.lastEventId;
      options.onMessage(event.data);
    };
    current.onerror = () => {
      close();
      if (options.renewedSession && !renewalChecked) return checkRenewal(() => afterError(opened, url));
      afterError(opened, url);
    };
  }

  function afterError(opened: boolean, url: string): void {
    failedSinceOpen = true;
    if (!opened && options.busyFor) afterRefusal(url);
    else scheduleRetry();
  }

  /** A stream cut because its tokens were renewed reopens at once; anything else goes on to `otherwise`. */
  function checkRenewal(otherwise: () => void): void {
    renewalChecked = true;
    const mine = ++generation;
    void options.renewedSession!()
      .catch(() => false)
      .then((renewed) => {
        if (mine !== generation) return;
        if (!renewed) return otherwise();
        resumed = true;
        open();
      });
  }

  function reconnect(): void {
    close();
    const mine = ++generation;
    void (options.beforeReconnect?.() ?? Promise.resolve())
      .catch(() => undefined)
      .then(() => {
        if (mine === generation) open();
      });
  }

  open();
  return {
    retryNow: () => {
      if (timer !== null) reconnect();
    },
    resumeAfter: (ms) => {
      close();
      retries = 0;
      timer = setTimeout(reconnect, ms);
    },
    restart: () => {
      retries = 0;
      reconnect();
    },
    stop: () => {
      generation += 1;
      close();
    },
  };
}
