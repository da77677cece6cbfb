import pg from 'pg';

/** Tells every server process that an event was logged, and hears the others. */
export interface EventFanout {
  announce(id: number): Promise<void>;
  onAnnounce(listener: (id: number) => void): void;
  /** A short unlogged message (under `broadcastMaxBytes`) for every process, this one included. */
  broadcast(payload: string): Promise<void>;
  onBroadcast(listener: (payload: string) => void): void;
  close(): Promise<void>;
}

const channel = 'webmail_events';
const broadcastChannel = 'webmail_broadcast';
/** PostgreSQL refuses a NOTIFY payload of 8,000 bytes or more. */
export const broadcastMaxBytes = 7900;

/**
 * PostgreSQL LISTEN/NOTIFY on a connection of its own (a pooled one would be handed to other queries and lose
 * the LISTEN). The payload is the logged event's id; each process reads the row itself, so the 8,000-byte
 * payload limit never matters. A dropped connection is opened again and LISTENs again; events logged while it
 * was away reach their streams through the replay of `Last-Event-ID` when those reconnect. A second channel
 * carries short unlogged messages whole (the mail server's pushes), which nothing replays.
 */
export class PgFanout implements EventFanout {
  private client: pg.Client | null = null;
  private readonly listeners: Array<(id: number) => void> = [];
  private readonly broadcastListeners: Array<(payload: string) => void> = [];
  private closed = false;
  private connecting: Promise<void> | null = null;

  constructor(
    private readonly url: string,
    private readonly onError: (err: unknown) => void,
  ) {}

  async start(): Promise<void> {
    await this.connect();
  }

  onAnnounce(listener: (id: number) => void): void {
    this.listeners.push(listener);
  }

  async announce(id: number): Promise<void> {
    await this.connect();
    await this.client!.query('SELECT pg_notify($1, $2)', [channel, String(id)]);
  }

  onBroadcast(listener: (payload: string) => void): void {
    this.broadcastListeners.push(listener);
  }

  async broadcast(payload: string): Promise<void> {
    await this.connect();
    await this.client!.query('SELECT pg_notify($1, $2)', [broadcastChannel, payload]);
  }

  async close(): Promise<void> {
    this.closed = true;
    await this.client?.end().catch(() => undefined);
    this.client = null;
  }

  private connect(): Promise<void> {
    if (this.client) return Promise.resolve();
    this.connecting ??= (async () => {
      const client = new pg.Client({ connectionString: this.url });
      client.on('notification', (n) => {
        if (n.channel === broadcastChannel && n.payload)
          for (const l of this.broadcastListeners) l(n.payload);
        const id = Number(n.payload);
        if (n.channel === channel && Number.isSafeInteger(id)) for (const l of this.listeners) l(id);
      });
      client.on('error', (err) => {
        this.onError(err);
        if (this.client === client) this.client = null;
        if (!this.closed) setTimeout(() => void this.connect().catch(this.onError), 1000).unref();
      });
      await client.connect();
      await client.query(`LISTEN ${channel}`);
      await client.query(`LISTEN ${broadcastChannel}`);
      this.client = client;
    })().finally(() => {
      this.connecting = null;
    });
    return this.connecting;
  }
}
