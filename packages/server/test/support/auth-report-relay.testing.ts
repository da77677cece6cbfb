import http from 'node:http';

/**
 * Stands on the port the test mail server reports every authentication to, for the whole run, and answers each
 * report at once: Dovecot sends them one after another, so a port nobody listened on would pile up every other
 * test's logins in front of the one a test waits for. A test that wants the reports names its server with
 * `relayAuthReportsTo`; the relay passes them on to it, as the mail server would.
 */
export function startAuthReportRelay(port: number): Promise<() => Promise<void>> {
  let target: string | null = null;
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const body = Buffer.concat(chunks);
      if (req.method === 'PUT' && req.url === '/relay-target') {
        target = body.length > 0 ? body.toString('utf8') : null;
        res.writeHead(204).end();
        return;
      }
      if (!target) {
        res.writeHead(200, { 'content-type': 'application/json' }).end('{"status":0,"msg":""}');
        return;
      }
      const headers = { ...req.headers };
      delete headers.host;
      fetch(target + (req.url ?? '/'), {
        method: req.method,
        headers: headers as Record<string, string>,
        body,
      })
        .then(async (answer) => {
          res.writeHead(answer.status, {
            'content-type': answer.headers.get('content-type') ?? 'text/plain',
          });
          res.end(Buffer.from(await answer.arrayBuffer()));
        })
        .catch(() => res.writeHead(502).end());
    });
  });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () =>
      resolve(() => new Promise<void>((done) => server.close(() => done()))),
    );
  });
}

/** Sends the mail server's authentication reports to `baseUrl` (null: answered by the relay alone again). */
export async function relayAuthReportsTo(reportPort: number, baseUrl: string | null): Promise<void> {
  await fetch(`http://127.0.0.1:${reportPort}/relay-target`, { method: 'PUT', body: baseUrl ?? '' });
}
