import net from 'node:net';
import { inject } from 'vitest';

/**
 * A bare IMAP connection for computing the truth of a search by hand: the test writes the SEARCH criteria itself
 * (`uidSearch('INBOX', 'OR FROM "a" FROM "b"')`), independent of the server's translation. `literal(text)`
 * embeds a non-ASCII value as a LITERAL+ of its UTF-8 bytes.
 */
export class RawImap {
  private socket!: net.Socket;
  private buffer = Buffer.alloc(0);
  private waiter: (() => void) | null = null;
  private counter = 0;

  static async login(user: { email: string; password: string }): Promise<RawImap> {
    const imap = new RawImap();
    await imap.open(inject('mailstack').ports.imap);
    await imap.run(`LOGIN "${user.email}" "${user.password}"`);
    return imap;
  }

  private open(port: number): Promise<void> {
    return new Promise((resolve, reject) => {
      this.socket = net.connect(port, '127.0.0.1');
      this.socket.once('error', reject);
      this.socket.on('data', (chunk: Buffer) => {
        this.buffer = Buffer.concat([this.buffer, chunk]);
        this.waiter?.();
      });
      this.socket.once('data', () => resolve());
    });
  }

  /** Sends one command and returns the reply's lines (tagged OK required). */
  async run(command: string): Promise<string[]> {
    const tag = `R${(this.counter += 1)}`;
    this.buffer = Buffer.alloc(0);
    this.socket.write(`${tag} ${command}\r\n`);
    for (;;) {
      const text = this.buffer.toString('utf8');
      const at = text.search(new RegExp(`(^|\\r\\n)${tag} (OK|NO|BAD)`));
      if (at >= 0 && text.endsWith('\r\n')) {
        const lines = text.split('\r\n');
        const last = lines.find((l) => l.startsWith(`${tag} `))!;
        if (!last.startsWith(`${tag} OK`)) throw new Error(`${command}: ${last}`);
        return lines;
      }
      await new Promise<void>((resolve) => (this.waiter = resolve));
    }
  }

  /** `UID SEARCH CHARSET UTF-8 <criteria>` in `folder`: the UIDs. */
  async uidSearch(folder: string, criteria: string): Promise<number[]> {
    await this.run(`EXAMINE "${folder}"`);
    const lines = await this.run(`UID SEARCH CHARSET UTF-8 ${criteria}`);
    const line = lines.find((l) => l.startsWith('* SEARCH')) ?? '* SEARCH';
    return line.slice(8).trim().split(' ').filter(Boolean).map(Number);
  }

  async close(): Promise<void> {
    await this.run('LOGOUT').catch(() => undefined);
    this.socket.destroy();
  }
}

/** A value as an IMAP LITERAL+ (for non-ASCII search values). */
export const literal = (text: string) => `{${Buffer.byteLength(text)}+}\r\n${text}`;
