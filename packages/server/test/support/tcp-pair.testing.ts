import net from 'node:net';

/**
 * Connects a relay's accepted client to the upstream port and ties the two sockets' lives together (an error or a
 * close of either ends both); both are kept in `sockets` while open, so the relay can cut them all.
 */
export function connectUpstream(
  client: net.Socket,
  upstreamPort: number,
  sockets: Set<net.Socket>,
): net.Socket {
  const upstream = net.connect(upstreamPort, '127.0.0.1');
  for (const s of [client, upstream]) {
    sockets.add(s);
    s.on('error', () => s.destroy());
    s.on('close', () => {
      sockets.delete(s);
      client.destroy();
      upstream.destroy();
    });
  }
  return upstream;
}
