import net from 'node:net';
import { connectUpstream } from './tcp-pair.testing.js';

/** A command held at the relay: `release` passes it (and all the client sent after it) on. */
export interface HeldCommand {
  release: () => void;
}

/**
 * A TCP relay in front of a real service (Dovecot's IMAP, the SMTP submission) that, once armed with a pattern,
 * holds back the next client command matching it — and everything that client sends after it — until the test
 * releases it. So a test can stop one server process at an exact step of its conversation (an APPEND, an AUTH)
 * while something else happens, then let it go on.
 */
export async function startHeldRelay(upstreamPort: number) {
  const sockets = new Set<net.Socket>();
  let armed: { pattern: RegExp; reached: (held: HeldCommand) => void } | null = null;
  const server = net.createServer((client) => {
    const upstream = connectUpstream(client, upstreamPort, sockets);
    let held: Buffer[] | null = null;
    client.on('data', (chunk: Buffer) => {
      if (held) return void held.push(chunk);
      const match = armed && armed.pattern.test(chunk.toString('latin1')) ? armed : null;
      if (!match) return void upstream.write(chunk);
      armed = null;
      held = [chunk];
      match.reached({
        release: () => {
          for (const part of held ?? []) upstream.write(part);
          held = null;
        },
      });
    });
    upstream.pipe(client);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: (server.address() as net.AddressInfo).port,
    /** Holds the next client command matching `pattern`; resolves once one is held. */
    hold: (pattern: RegExp) => new Promise<HeldCommand>((reached) => (armed = { pattern, reached })),
    close: async () => {
      for (const s of sockets) s.destroy();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}
