import net from 'node:net';
import { connectUpstream } from './tcp-pair.testing.js';

/**
 * A TCP relay in front of Dovecot's IMAP that, once armed with a pattern, passes the next client command matching
 * it on and, when Dovecot answers it, holds the answer back and runs `onAnswer` (cut the connection, kill the
 * server process): the mail server did the work, and the webmail never heard so. Unarmed, it only passes bytes on.
 */
export async function startAnswerRelay(upstreamPort: number) {
  const sockets = new Set<net.Socket>();
  let armed: { pattern: RegExp; onAnswer: () => Promise<void>; reached: () => void } | null = null;
  const server = net.createServer((client) => {
    const upstream = connectUpstream(client, upstreamPort, sockets);
    let waiting: NonNullable<typeof armed> | null = null;
    client.on('data', (chunk: Buffer) => {
      if (armed?.pattern.test(chunk.toString('latin1'))) [waiting, armed] = [armed, null];
      upstream.write(chunk);
    });
    upstream.on('data', (chunk: Buffer) => {
      if (!waiting) return void client.write(chunk);
      const hook = waiting;
      waiting = null;
      void hook
        .onAnswer()
        .then(() => client.destroy())
        .then(hook.reached);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: (server.address() as net.AddressInfo).port,
    /** Arms the relay; resolves once `onAnswer` has run (the connection is cut after it). */
    arm: (pattern: RegExp, onAnswer: () => Promise<void> = async () => undefined) =>
      new Promise<void>((reached) => (armed = { pattern, onAnswer, reached })),
    close: async () => {
      for (const s of sockets) s.destroy();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}
