import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { attachMailstack, deliverViaLmtp } from '@webmail/mailstack';
import { inject } from 'vitest';
import type { Folder } from '@webmail/contracts';
import { imapAs, newMailUser } from './harness.testing.js';
import type { TestClient } from './http-client.testing.js';
import { composeRaw, pixelPng } from './mail-fixtures.testing.js';

/** Delivers raw messages one by one over LMTP, as the mail server would (Sieve runs, order kept). */
export async function deliver(to: string, raws: (Buffer | string)[]): Promise<void> {
  const stack = attachMailstack(inject('mailstack'));
  for (const raw of raws) {
    const result = await deliverViaLmtp(stack, raw, { from: 'sender@example.com', to: [to] });
    if (result.accepted.length !== 1) throw new Error(`delivery refused: ${result.response}`);
  }
}

/**
 * Puts messages in a folder in this order (UIDs 1, 2, … in a new mailbox) over one IMAP connection: for tests of
 * reading, where the delivery path is not the subject, this is one round trip per message instead of an LMTP session.
 */
export async function appendAll(
  user: { email: string; password: string },
  raws: (Buffer | string)[],
  path = 'INBOX',
): Promise<void> {
  const imap = await imapAs(user);
  try {
    for (const raw of raws) await imap.append(path, raw, []);
  } finally {
    await imap.logout();
  }
}

/** Subject → UID of every message in a folder, read over IMAP directly (not through the API under test). */
export async function uidsBySubject(
  user: { email: string; password: string },
  path = 'INBOX',
): Promise<Map<string, number>> {
  const imap = await imapAs(user);
  try {
    const lock = await imap.getMailboxLock(path);
    try {
      const rows = await imap.fetchAll('1:*', { uid: true, envelope: true });
      return new Map(rows.map((r) => [r.envelope?.subject ?? '', r.uid]));
    } finally {
      lock.release();
    }
  } finally {
    await imap.logout();
  }
}

export async function folderIds(client: TestClient): Promise<Record<string, string>> {
  const tree = await client.get<{ mailboxes: Folder[] }>('/api/u/0/mailbox');
  const ids: Record<string, string> = {};
  const walk = (folders: Folder[]) => {
    for (const f of folders) {
      ids[f.specialUse ?? f.path] = f.id;
      walk(f.children ?? []);
    }
  };
  walk(tree.body.mailboxes);
  return ids;
}

/** A stand-in for the internet on loopback: an image, a web page, an SVG and redirects. */
export function startImageHost() {
  const seen: http.IncomingHttpHeaders[] = [];
  const bigPng = Buffer.concat([pixelPng, Buffer.alloc(2 * 1024 * 1024)]);
  const server = http.createServer((req, res) => {
    seen.push(req.headers);
    const url = new URL(req.url ?? '/', 'http://x');
    if (url.pathname === '/pic.png') return res.writeHead(200, { 'content-type': 'image/png' }).end(pixelPng);
    if (url.pathname === '/big.png') return res.writeHead(200, { 'content-type': 'image/png' }).end(bigPng);
    if (url.pathname === '/page.html') return res.writeHead(200, { 'content-type': 'text/html' }).end('<p>x');
    if (url.pathname === '/img.svg')
      return res.writeHead(200, { 'content-type': 'image/svg+xml' }).end('<svg onload="alert(1)"/>');
    if (url.pathname === '/redirect')
      return res.writeHead(302, { location: url.searchParams.get('to') ?? '/' }).end();
    res.writeHead(404).end();
  });
  return new Promise<{ server: http.Server; port: number; seen: typeof seen }>((resolve) =>
    server.listen(0, '127.0.0.1', () =>
      resolve({ server, port: (server.address() as AddressInfo).port, seen }),
    ),
  );
}

/** A new user with one message ("one") in INBOX, signed in on a fresh client of `server`; the Inbox id. */
export async function signedInWithOneMessage(
  server: { client: () => TestClient },
  prefix: string,
): Promise<{ client: TestClient; inbox: string }> {
  const user = await newMailUser(prefix);
  const imap = await imapAs(user);
  await imap.append('INBOX', await composeRaw({ from: 'a@example.test', subject: 'one', text: 'x' }), []);
  await imap.logout();
  const client = server.client();
  await client.signIn(user.email, user.password);
  return { client, inbox: (await folderIds(client)).inbox! };
}
