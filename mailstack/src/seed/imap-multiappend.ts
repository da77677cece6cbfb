import net from 'node:net';

export interface AppendItem {
  raw: Buffer;
  flags: string[];
  internalDate: Date;
}

export interface MultiAppendTarget {
  host: string;
  port: number;
  user: string;
  pass: string;
  mailbox: string;
}

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const pad = (n: number) => String(n).padStart(2, '0');

/** IMAP date-time, e.g. "07-Nov-2026 09:15:00 +0000". */
function imapDate(d: Date): string {
  return (
    `${pad(d.getUTCDate())}-${MONTHS[d.getUTCMonth()]}-${d.getUTCFullYear()} ` +
    `${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}:${pad(d.getUTCSeconds())} +0000`
  );
}

function quoted(value: string): string {
  // Quoted strings cannot carry CR/LF or 8-bit data; those would need a literal (or
  // modified UTF-7 for mailbox names), which the seeder never needs.
  if (/[\r\n\u0080-\uffff]/.test(value))
    throw new Error(`multiAppend: cannot quote ${JSON.stringify(value)}`);
  return `"${value.replace(/[\\"]/g, (c) => `\\${c}`)}"`;
}

/**
 * Appends many messages with MULTIAPPEND (RFC 3502) and non-synchronising literals
 * (LITERAL+, RFC 7888): one command per batch and no round trip per message. imapflow has
 * no MULTIAPPEND and waits for each APPEND's tagged reply (~3.6 ms each here), which makes
 * 5,000 messages take ~18 s instead of ~1 s. Each batch is atomic on the server.
 */
export async function multiAppend(
  target: MultiAppendTarget,
  items: AppendItem[],
  batchSize = 500,
): Promise<void> {
  const session = await ImapLineSession.connect(target.host, target.port);
  try {
    const greeting = await session.readLine();
    if (!greeting.startsWith('* OK') || !/LITERAL\+/.test(greeting)) {
      throw new Error(`multiAppend: unexpected greeting (need LITERAL+): ${greeting}`);
    }
    await session.command(`LOGIN ${quoted(target.user)} ${quoted(target.pass)}`);
    for (let start = 0; start < items.length; start += batchSize) {
      const parts: Buffer[] = [Buffer.from(`APPEND ${quoted(target.mailbox)}`)];
      for (const item of items.slice(start, start + batchSize)) {
        const opts = ` (${item.flags.join(' ')}) "${imapDate(item.internalDate)}" {${item.raw.length}+}\r\n`;
        parts.push(Buffer.from(opts), item.raw);
      }
      await session.command(Buffer.concat(parts));
    }
    await session.command('LOGOUT');
  } finally {
    session.close();
  }
}

/** Just enough IMAP: send tagged commands, read CRLF lines, fail on NO/BAD. */
class ImapLineSession {
  private buffer = '';
  private waiters: Array<() => void> = [];
  private failure: Error | undefined;
  private tagCounter = 0;

  private constructor(private readonly socket: net.Socket) {
    socket.setEncoding('latin1');
    socket.on('data', (chunk: string) => {
      this.buffer += chunk;
      this.wake();
    });
    socket.on('error', (error) => {
      this.failure = error;
      this.wake();
    });
    socket.on('close', () => {
      this.failure ??= new Error('multiAppend: connection closed');
      this.wake();
    });
  }

  static connect(host: string, port: number): Promise<ImapLineSession> {
    return new Promise((resolve, reject) => {
      const socket = net.connect({ host, port }, () => resolve(new ImapLineSession(socket)));
      socket.once('error', reject);
    });
  }

  async readLine(): Promise<string> {
    for (;;) {
      const end = this.buffer.indexOf('\r\n');
      if (end !== -1) {
        const line = this.buffer.slice(0, end);
        this.buffer = this.buffer.slice(end + 2);
        return line;
      }
      if (this.failure) throw this.failure;
      await new Promise<void>((resolve) => this.waiters.push(resolve));
    }
  }

  /** Sends "<tag> <command>\r\n" and resolves on the tagged OK; untagged lines are ignored. */
  async command(command: string | Buffer): Promise<void> {
    const tag = `S${++this.tagCounter}`;
    this.socket.write(Buffer.concat([Buffer.from(`${tag} `), Buffer.from(command), Buffer.from('\r\n')]));
    for (;;) {
      const line = await this.readLine();
      if (!line.startsWith(`${tag} `)) continue;
      if (line.startsWith(`${tag} OK`)) return;
      const verb = typeof command === 'string' ? command.split(' ')[0] : 'APPEND';
      throw new Error(`multiAppend: ${verb} failed: ${line}`);
    }
  }

  close(): void {
    this.socket.destroy();
  }

  private wake(): void {
    const waiters = this.waiters;
    this.waiters = [];
    for (const resolve of waiters) resolve();
  }
}
