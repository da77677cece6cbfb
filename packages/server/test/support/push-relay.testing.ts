import http from 'node:http';

/**
 * Stands on the port the test mail server pushes its live changes to (MAILSTACK_PUSH_URL), for the whole run.
 * Every push is answered at once and passed on to each test server that asked for them (`relayPushesTo`): test
 * files run in parallel, each with its own server and its own users, and a server ignores pushes for accounts
 * without an open stream. With no server registered the pushes are only answered.
 */
export function startPushRelay(port: number): Promise<() => Promise<void>> {
  const targets = new Set<string>();
  /** Accounts whose pushes get no answer: `down` as a stopped webmail, `late` passed on but never answered. */
  const failing = new Map<string, PushFailure>();
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const body = Buffer.concat(chunks);
      if (req.url === '/relay-targets' && (req.method === 'PUT' || req.method === 'DELETE')) {
        if (req.method === 'PUT') targets.add(body.toString('utf8'));
        else targets.delete(body.toString('utf8'));
        res.writeHead(204).end();
        return;
      }
      if (req.url === '/relay-failing' && req.method === 'PUT') {
        const { user, failure } = JSON.parse(body.toString('utf8')) as {
          user: string;
          failure: PushFailure | null;
        };
        if (failure) failing.set(user.toLowerCase(), failure);
        else failing.delete(user.toLowerCase());
        res.writeHead(204).end();
        return;
      }
      const failure = failing.get(userOf(body));
      if (failure === 'down') return void req.socket.destroy();
      if (failure === 'late') setImmediate(() => req.socket.destroy());
      else res.writeHead(202, { 'content-type': 'application/json' }).end('{"accepted":true}');
      // What the mail server sends that the receiver reads; hop-by-hop headers stay here.
      const headers = {
        'content-type': req.headers['content-type'] ?? 'application/json',
        authorization: req.headers.authorization ?? '',
      };
      for (const target of targets) {
        void fetch(target + (req.url ?? '/'), { method: req.method, headers, body }).catch(() => undefined);
      }
    });
  });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () =>
      resolve(() => new Promise<void>((done) => server.close(() => done()))),
    );
  });
}

type PushFailure = 'down' | 'late';

const userOf = (body: Buffer): string => {
  try {
    return String((JSON.parse(body.toString('utf8')) as { user?: unknown }).user ?? '').toLowerCase();
  } catch {
    return '';
  }
};

/**
 * Makes the mail server's pushes for `user` get no answer (`null`: answered again): `down` as a stopped webmail (the
 * push reaches no server), `late` as a loaded one (passed on, but the mail server's bound ran out first).
 */
export async function failPushesOf(
  relayPort: number,
  user: string,
  failure: PushFailure | null,
): Promise<void> {
  await fetch(`http://127.0.0.1:${relayPort}/relay-failing`, {
    method: 'PUT',
    body: JSON.stringify({ user, failure }),
  });
}

/** Passes the mail server's pushes on to the test server at `baseUrl` (`on` false: no longer). */
export async function relayPushesTo(relayPort: number, baseUrl: string, on = true): Promise<void> {
  await fetch(`http://127.0.0.1:${relayPort}/relay-targets`, {
    method: on ? 'PUT' : 'DELETE',
    body: baseUrl,
  });
}
