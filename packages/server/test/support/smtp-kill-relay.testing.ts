import net from 'node:net';
import { connectUpstream } from './tcp-pair.testing.js';

/**
 * Where the relay stops a submission: `atAuth` when the client's AUTH arrives (it is not passed on: the entry
 * is claimed, the SMTP transaction not begun); `afterDot` when the mail server has answered the end-of-data dot (it took
 * the message; the reply is held back, so the client never learns it).
 */
export type KillPoint = 'atAuth' | 'afterDot';

/**
 * A TCP relay between the server and the SMTP submission port that watches the client's commands and, once
 * armed, calls `kill` at the chosen point of the next submission. Unarmed, it only passes bytes on.
 */
export class SmtpKillRelay {
  private readonly sockets = new Set<net.Socket>();
  private armed?: { point: KillPoint; kill: () => Promise<void>; reached: () => void };

  private constructor(
    private readonly server: net.Server,
    readonly port: number,
  ) {}

  /** Listens on `port` (any free one by default: a test that stops the relay and starts it again names its own). */
  static async start(upstreamPort: number, port = 0): Promise<SmtpKillRelay> {
    const server = net.createServer();
    await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
    const relay = new SmtpKillRelay(server, (server.address() as net.AddressInfo).port);
    server.on('connection', (client: net.Socket) => relay.accept(client, upstreamPort));
    return relay;
  }

  /** The next submission through the relay is stopped at `point` and `kill` runs; resolves when it has. */
  arm(point: KillPoint, kill: () => Promise<void>): Promise<void> {
    return new Promise((reached) => (this.armed = { point, kill, reached }));
  }

  async close(): Promise<void> {
    for (const s of this.sockets) s.destroy();
    await new Promise((resolve) => this.server.close(resolve));
  }

  private accept(client: net.Socket, upstreamPort: number) {
    const upstream = connectUpstream(client, upstreamPort, this.sockets);
    const armed = this.armed;
    let sent = '';
    let dotPassed = false;
    let stopped = false;
    const stop = async () => {
      stopped = true;
      this.armed = undefined;
      await armed!.kill();
      client.destroy();
      armed!.reached();
    };
    client.on('data', (chunk: Buffer) => {
      if (stopped) return;
      sent += chunk.toString('latin1');
      if (armed?.point === 'atAuth' && /(^|\r\n)AUTH /i.test(sent)) return void stop();
      upstream.write(chunk);
      const data = sent.search(/(^|\r\n)DATA\r\n/i);
      dotPassed ||= data >= 0 && sent.indexOf('\r\n.\r\n', data) >= 0;
    });
    upstream.on('data', (chunk: Buffer) => {
      if (stopped) return;
      if (armed?.point === 'afterDot' && dotPassed && chunk.toString('latin1').startsWith('250'))
        return void stop();
      client.write(chunk);
    });
  }
}
