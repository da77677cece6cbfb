import net from 'node:net';
import tls from 'node:tls';

/**
 * Whether the IMAP server answers: a connection and its greeting (`* OK` or `* PREAUTH`), then the socket is
 * closed without a command. No login, so a probe costs the server one short-lived process and no
 * authentication; a greeting `* BYE` (Dovecot refusing at its limits) counts as not reachable.
 */
export function probeImap(
  server: { host: string; port: number; secure: boolean; tlsRejectUnauthorized: boolean },
  timeoutMs: number,
): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = server.secure
      ? tls.connect({
          host: server.host,
          port: server.port,
          rejectUnauthorized: server.tlsRejectUnauthorized,
          servername: net.isIP(server.host) ? undefined : server.host,
        })
      : net.connect({ host: server.host, port: server.port });
    let greeting = '';
    const done = (ok: boolean) => {
      clearTimeout(timer);
      socket.destroy();
      resolve(ok);
    };
    const timer = setTimeout(() => done(false), timeoutMs);
    socket.on('error', () => done(false));
    socket.on('close', () => done(false));
    socket.on('data', (chunk: Buffer) => {
      greeting += chunk.toString('latin1');
      if (greeting.includes('\n')) done(/^\* (OK|PREAUTH)\b/i.test(greeting));
    });
  });
}
