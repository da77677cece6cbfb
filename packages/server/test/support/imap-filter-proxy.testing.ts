import net from 'node:net';
import { connectUpstream } from './tcp-pair.testing.js';

/**
 * A TCP relay in front of the real test Dovecot that can watch the conversation (`tap`) and make it look like a
 * server without some feature:
 * it hides one folder from LIST (the sandbox auto-creates Trash/Junk/Archive and lists them even after
 * `doveadm mailbox delete`, so an account without an Archive can only be met this way) or takes
 * capabilities out of the CAPABILITY lists. COMPRESS=DEFLATE always goes, so the stream stays readable.
 */
export async function startImapFilterProxy(
  upstreamPort: number,
  hide: { folder?: string; capabilities?: string[] },
  /** Sees every byte the client sends and every (filtered) byte the server answers, e.g. to check commands. */
  tap: { client?: (chunk: Buffer) => void; server?: (chunk: Buffer) => void } = {},
  /**
   * Rewrites the client's command lines before the server sees them (whole lines, latin1), e.g. to make the real
   * server refuse one: a MOVE into a folder that is not there, an EXAMINE where the client asked for SELECT.
   */
  rewriteClient?: (line: string) => string,
): Promise<{ port: number; close: () => Promise<void> }> {
  const sockets = new Set<net.Socket>();
  const hidden = hide.folder
    ? new RegExp(`^\\* LIST \\([^)]*\\) (?:"[^"]*"|NIL) "?${hide.folder}"?$`, 'i')
    : null;
  const dropped = ['COMPRESS=DEFLATE', ...(hide.capabilities ?? [])];
  const capability = new RegExp(` (?:${dropped.join('|')})(?=[ \\]]|$)`, 'g');
  const filter = (text: string) =>
    text
      .split('\r\n')
      .filter((line) => !hidden?.test(line))
      .map((line) => (/CAPABILITY/i.test(line) ? line.replace(capability, '') : line))
      .join('\r\n');
  const server = net.createServer((client) => {
    const upstream = connectUpstream(client, upstreamPort, sockets);
    client.on('data', (chunk: Buffer) => tap.client?.(chunk));
    if (!rewriteClient) client.pipe(upstream);
    else {
      let sent = '';
      client.on('data', (chunk: Buffer) => {
        sent += chunk.toString('latin1');
        const end = sent.lastIndexOf('\n');
        if (end < 0) return;
        const lines = sent.slice(0, end + 1).split('\r\n');
        upstream.write(
          Buffer.from(lines.map((line) => (line ? rewriteClient(line) : line)).join('\r\n'), 'latin1'),
        );
        sent = sent.slice(end + 1);
      });
    }
    let pending = '';
    upstream.on('data', (chunk: Buffer) => {
      // Whole lines only, so a LIST line split over two TCP chunks is still recognised.
      pending += chunk.toString('latin1');
      const end = pending.lastIndexOf('\n');
      if (end < 0) return;
      const out = Buffer.from(filter(pending.slice(0, end + 1)), 'latin1');
      tap.server?.(out);
      client.write(out);
      pending = pending.slice(end + 1);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  if (!address || typeof address === 'string') throw new Error('proxy did not listen');
  return {
    port: address.port,
    close: async () => {
      for (const s of sockets) s.destroy();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}
