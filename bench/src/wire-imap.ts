import net from 'node:net';

/**
 * The IMAP wire floor: commands written to a bare socket and timed to their tagged completion, with no
 * client-side parsing at all — only a scan for `\r\n<tag> ` in the incoming bytes. Whatever the webmail
 * adds on top of this (HTTP, its IMAP library, parsing, JSON) is its own cost.
 */
export class WireImap {
  private socket!: net.Socket;
  private waiting: { tag: string; resolve: (reply: Buffer) => void; reject: (err: Error) => void } | null =
    null;
  private chunks: Buffer[] = [];
  private tail = '';
  private counter = 0;
  /** Keep the reply bytes (for the few commands whose answer the bench reads). */
  private keep = false;

  static async connect(port: number, user: string, pass: string): Promise<WireImap> {
    const wire = new WireImap();
    await wire.open(port);
    await wire.run(`LOGIN "${user}" "${pass}"`);
    return wire;
  }

  private open(port: number): Promise<void> {
    return new Promise((resolve, reject) => {
      this.socket = net.connect(port, '127.0.0.1');
      this.socket.setNoDelay(true);
      this.socket.once('error', reject);
      // The greeting is one line: resolve on the first bytes, then hand later data to the scanner.
      this.socket.once('data', () => {
        this.socket.on('data', (chunk: Buffer) => this.onData(chunk));
        resolve();
      });
    });
  }

  private onData(chunk: Buffer): void {
    const waiting = this.waiting;
    if (!waiting) return;
    if (this.keep) this.chunks.push(chunk);
    // Only the last bytes of the previous chunk are kept, so a tag split across chunks is still found.
    const text = this.tail + chunk.toString('latin1', Math.max(0, chunk.length - 4096));
    const at = text.lastIndexOf(`\r\n${waiting.tag} `);
    this.tail = text.slice(-512);
    if (at < 0 || !text.endsWith('\r\n')) return;
    const status = text.slice(at + waiting.tag.length + 3, at + waiting.tag.length + 5);
    this.waiting = null;
    if (status !== 'OK') waiting.reject(new Error(`${text.slice(at + 2, at + 200).trim()}`));
    else waiting.resolve(Buffer.concat(this.chunks));
  }

  /** Sends one command and resolves at its tagged OK (rejects on NO/BAD). */
  run(command: string, keepReply = false): Promise<Buffer> {
    const tag = `W${(this.counter += 1)}`;
    this.keep = keepReply;
    this.chunks = [];
    this.tail = '\r\n';
    return new Promise((resolve, reject) => {
      this.waiting = { tag, resolve, reject };
      this.socket.write(`${tag} ${command}\r\n`);
    });
  }

  /** Times a sequence of commands, first byte out to last tagged OK, in ms. */
  async time(commands: string[]): Promise<number> {
    const start = performance.now();
    for (const command of commands) await this.run(command);
    return performance.now() - start;
  }

  async close(): Promise<void> {
    await this.run('LOGOUT').catch(() => undefined);
    this.socket.destroy();
  }
}

/** The numbers of a `* SORT …` / `* SEARCH …` reply (bench bookkeeping, never timed). */
export function numbersOf(reply: Buffer, keyword: 'SORT' | 'SEARCH'): number[] {
  const line = reply
    .toString('latin1')
    .split('\r\n')
    .find((l) => l.startsWith(`* ${keyword}`));
  return (line ?? '')
    .slice(keyword.length + 2)
    .trim()
    .split(' ')
    .filter(Boolean)
    .map(Number);
}
