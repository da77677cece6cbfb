import net from 'node:net';
import tls from 'node:tls';
import { literal, parseResponse, type SieveResponse, type SieveToken } from './managesieve-response.js';

/**
 * A small ManageSieve client (RFC 5804) over `node:net`: the commands the webmail needs to keep one script per
 * account. Hand-written because no maintained npm client exists (see the package's ARCHITECTURE.md). One command
 * at a time; every `NO`/`BYE` becomes a `ManageSieveError` with the server's code and text.
 */

export interface ManageSieveOptions {
  host: string;
  port: number;
  /** Upgrade with STARTTLS when the server offers it (default true); `required` refuses a server without it. */
  starttls?: boolean | 'required';
  /** Passed to `tls.connect` after STARTTLS (e.g. `rejectUnauthorized`, `ca`). */
  tlsOptions?: tls.ConnectionOptions;
  /** Per reply; the connection is closed when it passes. Default 10 s. */
  timeoutMs?: number;
}

export class ManageSieveError extends Error {
  constructor(
    readonly status: 'NO' | 'BYE' | 'PROTOCOL',
    /** The response code (e.g. `NONEXISTENT`, `QUOTA/MAXSIZE`, `ACTIVE`), upper-cased, or null. */
    readonly code: string | null,
    /** The server's own words (CHECKSCRIPT: the error report, line numbers and all). */
    readonly serverText: string,
    command: string,
  ) {
    super(
      `ManageSieve ${command}: ${status}${code ? ` (${code})` : ''}${serverText ? ` ${serverText}` : ''}`,
    );
    this.name = 'ManageSieveError';
  }
}

export interface SieveScriptEntry {
  name: string;
  active: boolean;
}

export class ManageSieveClient {
  private buffer = Buffer.alloc(0);
  private waiter: (() => void) | null = null;
  private failure: Error | null = null;
  /** Capability name (upper-cased) → value ('' when it has none). */
  capabilities = new Map<string, string>();

  private constructor(
    private socket: net.Socket | tls.TLSSocket,
    private readonly timeoutMs: number,
  ) {
    this.attach(socket);
  }

  static async connect(options: ManageSieveOptions): Promise<ManageSieveClient> {
    const socket = await new Promise<net.Socket>((resolve, reject) => {
      const s = net.connect({ host: options.host, port: options.port });
      s.once('connect', () => resolve(s));
      s.once('error', reject);
    });
    const client = new ManageSieveClient(socket, options.timeoutMs ?? 10_000);
    try {
      // The greeting is the capability list followed by OK.
      client.readCapabilities(await client.read('greeting'));
      const offered = client.capabilities.has('STARTTLS');
      const want = options.starttls ?? true;
      if (want === 'required' && !offered) {
        throw new ManageSieveError('PROTOCOL', null, 'the server does not offer STARTTLS', 'STARTTLS');
      }
      if (want && offered) await client.startTls(options);
      return client;
    } catch (err) {
      client.close();
      throw err;
    }
  }

  /** The Sieve extensions the server supports (its `SIEVE` capability). */
  get sieveExtensions(): string[] {
    return (this.capabilities.get('SIEVE') ?? '').split(/\s+/).filter(Boolean);
  }

  /** SASL PLAIN; with `authzid` the login acts for that account (a master user's delegated login). */
  async authenticate(user: string, password: string, authzid = ''): Promise<void> {
    const token = Buffer.from(`${authzid}\0${user}\0${password}`, 'utf8').toString('base64');
    // The password never appears in an error: only the server's answer does.
    await this.command('AUTHENTICATE', `AUTHENTICATE "PLAIN" ${literal(token)}`);
  }

  /**
   * SASL OAUTHBEARER (RFC 7628) with the user's access token (token pass-through). A refused token gets an error
   * challenge first, which the client must answer (with a dummy response) before the server says NO.
   */
  async authenticateBearer(user: string, accessToken: string): Promise<void> {
    const initial = Buffer.from(`n,a=${user},\x01auth=Bearer ${accessToken}\x01\x01`, 'utf8').toString(
      'base64',
    );
    if (this.failure) throw this.failure;
    this.socket.write(`AUTHENTICATE "OAUTHBEARER" ${literal(initial)}\r\n`);
    if (await this.skipChallenge()) this.socket.write('"AQ=="\r\n');
    const response = await this.read('AUTHENTICATE');
    if (response.status !== 'OK') {
      throw new ManageSieveError(response.status, response.code, response.text, 'AUTHENTICATE');
    }
  }

  /** Consumes a server challenge (a quoted string or a literal) when one comes before the answer. */
  private async skipChallenge(): Promise<boolean> {
    const deadline = Date.now() + this.timeoutMs;
    for (;;) {
      const end = this.buffer.indexOf('\r\n');
      const line = end >= 0 ? this.buffer.subarray(0, end).toString('utf8') : null;
      const size = line === null ? null : /^\{(\d+)\+?\}$/.exec(line);
      const total = line?.startsWith('"') ? end + 2 : size ? end + 4 + Number(size[1]) : -1;
      if (line !== null && total < 0) return false;
      if (total >= 0 && this.buffer.length >= total) {
        this.buffer = this.buffer.subarray(total);
        return true;
      }
      if (this.failure) throw this.failure;
      if (!(await this.waitForData(deadline))) return false;
    }
  }

  /** Waits until more data came or the connection failed; false when the deadline passed. */
  private async waitForData(deadline: number): Promise<boolean> {
    const left = deadline - Date.now();
    if (left <= 0) return false;
    await new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, left);
      this.waiter = () => {
        clearTimeout(timer);
        resolve();
      };
    });
    return true;
  }

  async listScripts(): Promise<SieveScriptEntry[]> {
    const response = await this.command('LISTSCRIPTS', 'LISTSCRIPTS');
    return response.lines
      .filter((line) => typeof line[0] === 'string')
      .map((line) => ({
        name: line[0] as string,
        active: atomOf(line[1])?.toUpperCase() === 'ACTIVE',
      }));
  }

  async getScript(name: string): Promise<string> {
    const response = await this.command('GETSCRIPT', `GETSCRIPT ${literal(name)}`);
    const body = response.lines[0]?.[0];
    if (typeof body !== 'string')
      throw new ManageSieveError('PROTOCOL', null, 'no script in the reply', 'GETSCRIPT');
    return body;
  }

  /** Compiles without storing; a `NO` carries the compiler's report (line numbers, messages). */
  async checkScript(script: string): Promise<void> {
    await this.command('CHECKSCRIPT', `CHECKSCRIPT ${literal(script)}`);
  }

  /** Stores (compiling first: a script with errors is refused with the report). */
  async putScript(name: string, script: string): Promise<void> {
    await this.command('PUTSCRIPT', `PUTSCRIPT ${literal(name)} ${literal(script)}`);
  }

  /** Makes `name` the active script; '' deactivates every script. */
  async setActive(name: string): Promise<void> {
    await this.command('SETACTIVE', `SETACTIVE ${literal(name)}`);
  }

  /** Whether a script of `size` bytes would fit; a `NO` with `QUOTA/…` says why not. */
  async haveSpace(name: string, size: number): Promise<void> {
    await this.command('HAVESPACE', `HAVESPACE ${literal(name)} ${size}`);
  }

  async deleteScript(name: string): Promise<void> {
    await this.command('DELETESCRIPT', `DELETESCRIPT ${literal(name)}`);
  }

  async renameScript(from: string, to: string): Promise<void> {
    await this.command('RENAMESCRIPT', `RENAMESCRIPT ${literal(from)} ${literal(to)}`);
  }

  /** LOGOUT and close; never throws (the connection may already be gone). */
  async logout(): Promise<void> {
    try {
      if (!this.failure) await this.command('LOGOUT', 'LOGOUT');
    } catch {
      // Dovecot answers LOGOUT with OK then closes; an early close is no error worth reporting.
    } finally {
      this.close();
    }
  }

  close(): void {
    this.socket.destroy();
  }

  private async startTls(options: ManageSieveOptions): Promise<void> {
    await this.command('STARTTLS', 'STARTTLS');
    const plain = this.socket;
    plain.removeAllListeners('data');
    const secure = await new Promise<tls.TLSSocket>((resolve, reject) => {
      const s = tls.connect({ ...options.tlsOptions, socket: plain, servername: options.host }, () =>
        resolve(s),
      );
      s.once('error', reject);
    });
    this.buffer = Buffer.alloc(0);
    this.socket = secure;
    this.attach(secure);
    // RFC 5804 §2.2: after a successful STARTTLS the server sends its capabilities again (they may differ:
    // SASL mechanisms are often offered only over TLS). Quirk: some old servers do not; they are not supported.
    this.capabilities.clear();
    this.readCapabilities(await this.read('STARTTLS'));
  }

  private attach(socket: net.Socket | tls.TLSSocket): void {
    socket.on('data', (chunk: Buffer) => {
      this.buffer = Buffer.concat([this.buffer, chunk]);
      this.wake();
    });
    socket.on('error', (err) => this.fail(err));
    socket.on('close', () => this.fail(new ManageSieveError('BYE', null, 'connection closed', 'connection')));
  }

  private fail(err: Error): void {
    this.failure ??= err;
    this.wake();
  }

  private wake(): void {
    const waiter = this.waiter;
    this.waiter = null;
    waiter?.();
  }

  private readCapabilities(response: SieveResponse): void {
    for (const line of response.lines) {
      if (typeof line[0] === 'string') {
        this.capabilities.set(line[0].toUpperCase(), typeof line[1] === 'string' ? line[1] : '');
      }
    }
  }

  private async command(name: string, text: string): Promise<SieveResponse> {
    if (this.failure) throw this.failure;
    this.socket.write(`${text}\r\n`);
    const response = await this.read(name);
    if (response.status !== 'OK') {
      throw new ManageSieveError(response.status, response.code, response.text, name);
    }
    return response;
  }

  /** Waits for one complete response (any status). */
  private async read(what: string): Promise<SieveResponse> {
    const deadline = Date.now() + this.timeoutMs;
    for (;;) {
      const response = parseResponse(this.buffer);
      if (response) {
        this.buffer = this.buffer.subarray(response.consumed);
        if (response.status === 'BYE')
          this.failure ??= new ManageSieveError('BYE', response.code, response.text, what);
        return response;
      }
      if (this.failure) throw this.failure;
      if (!(await this.waitForData(deadline))) {
        this.fail(new ManageSieveError('PROTOCOL', null, 'the server did not answer in time', what));
        this.close();
        throw this.failure!;
      }
    }
  }
}

function atomOf(token: SieveToken | undefined): string | null {
  return token && typeof token === 'object' && !Array.isArray(token) ? token.atom : null;
}
