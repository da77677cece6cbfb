import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { imapAs } from './harness.testing.js';
import { composeRaw } from './mail-fixtures.testing.js';

export interface SeenRequest {
  method: string;
  path: string;
  headers: http.IncomingHttpHeaders;
  body: string;
}

/**
 * A list server on loopback: records every request; `/ok` answers 200, `/fail` 500, `/redirect?to=` a 307 to
 * `to` (the POST would be repeated there if redirects were followed).
 */
export function startListServer() {
  const seen: SeenRequest[] = [];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://x');
      seen.push({
        method: req.method ?? '',
        path: url.pathname,
        headers: req.headers,
        body: Buffer.concat(chunks).toString(),
      });
      if (url.pathname === '/redirect')
        return res.writeHead(307, { location: url.searchParams.get('to') ?? '/' }).end();
      res.writeHead(url.pathname === '/fail' ? 500 : 200, { 'content-type': 'text/plain' }).end('ok');
    });
  });
  return new Promise<{ server: http.Server; port: number; seen: SeenRequest[] }>((resolve) =>
    server.listen(0, '127.0.0.1', () =>
      resolve({ server, port: (server.address() as AddressInfo).port, seen }),
    ),
  );
}

/** Appends list messages to the user's Inbox (subject → its List-Unsubscribe headers); their UIDs by subject. */
export async function appendListMail(
  user: { email: string; password: string },
  messages: Record<string, { unsubscribe?: string; post?: string }>,
): Promise<Map<string, number>> {
  const imap = await imapAs(user);
  const uids = new Map<string, number>();
  try {
    for (const [subject, { unsubscribe, post }] of Object.entries(messages)) {
      const headers: Record<string, string> = {};
      if (unsubscribe) headers['List-Unsubscribe'] = unsubscribe;
      if (post) headers['List-Unsubscribe-Post'] = post;
      const raw = await composeRaw({
        from: 'news@lists.example',
        to: user.email,
        subject,
        text: 'x',
        headers,
      });
      const result = await imap.append('INBOX', raw, []);
      if (!result || !result.uid) throw new Error('append gave no UID');
      uids.set(subject, result.uid);
    }
  } finally {
    await imap.logout();
  }
  return uids;
}
