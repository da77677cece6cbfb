import net from 'node:net';
import { connectUpstream } from './tcp-pair.testing.js';

/**
 * A TCP relay on a fixed local port in front of a real service (PostgreSQL, Dovecot) that can be switched off —
 * every open connection cut and new ones refused, as when the service stops — and on again on the same port.
 */
export async function startSwitchableRelay(upstreamPort: number) {
  const sockets = new Set<net.Socket>();
  let server: net.Server | null = null;
  let port = 0;
  const listen = async () => {
    const next = net.createServer((client) => {
      const upstream = connectUpstream(client, upstreamPort, sockets);
      client.pipe(upstream);
      upstream.pipe(client);
    });
    await new Promise<void>((resolve, reject) => {
      next.once('error', reject);
      next.listen(port, '127.0.0.1', () => resolve());
    });
    port = (next.address() as net.AddressInfo).port;
    server = next;
  };
  const stop = async () => {
    const current = server;
    server = null;
    for (const s of sockets) s.destroy();
    await new Promise<void>((resolve) => (current ? current.close(() => resolve()) : resolve()));
  };
  await listen();
  return {
    get port() {
      return port;
    },
    off: stop,
    on: listen,
    close: stop,
  };
}
