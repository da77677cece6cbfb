import { execFile } from 'node:child_process';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deliverViaLmtp, openImap, startMailstack, type Mailstack } from './index.js';
import { MAILSTACK_HOME } from './stack-config.js';

const run = promisify(execFile);
// Beside the suite's main stack (mailstack.test.ts), on ports of its own.
const PORT_BASE = Number(process.env.MAILSTACK_TEST_PORT_BASE ?? 23000) + 250;
const SECRET = 'push-secret-for-the-sandbox-test';

interface Push {
  authorization: string | undefined;
  /** The push repeated in the URL (`push`, or the account alone for a long one). */
  query: URLSearchParams;
  body: PushBody & { earlier?: PushBody[]; lost?: boolean };
}

interface PushBody {
  user: string;
  more: boolean;
  events: Array<{ event: string; mailbox: string; oldMailbox?: string; uid?: number; flags?: string[] }>;
}

/** The webmail's side, as far as Dovecot can tell: every POST is kept; `hang` stops answering, `down` refuses. */
function startReceiver() {
  const pushes: Push[] = [];
  const state = { hang: false, down: false };
  const server = http.createServer((req, res) => {
    // As a stopped webmail: the connection ends before anything is read.
    if (state.down) return void req.socket.destroy();
    let body = '';
    req.setEncoding('utf8');
    req.on('data', (chunk: string) => (body += chunk));
    req.on('end', () => {
      pushes.push({
        authorization: req.headers.authorization,
        query: new URL(req.url ?? '/', 'http://x').searchParams,
        body: JSON.parse(body) as Push['body'],
      });
      if (!state.hang) res.writeHead(202).end('{"accepted":true}');
    });
  });
  return new Promise<{ port: number; pushes: Push[]; state: typeof state; close: () => void }>((resolve) =>
    server.listen(0, '127.0.0.1', () =>
      resolve({
        port: (server.address() as AddressInfo).port,
        pushes,
        state,
        close: () => {
          server.closeAllConnections();
          server.close();
        },
      }),
    ),
  );
}

const eventsOf = (pushes: Push[], user: string) =>
  pushes.filter((p) => p.body.user === user).flatMap((p) => p.body.events);

/** Every push that reached the receiver, also those sent again inside a later POST (`earlier`). */
const allPushes = (pushes: Push[]): PushBody[] => pushes.flatMap((p) => [...(p.body.earlier ?? []), p.body]);

async function until(check: () => boolean, what: string, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

let stack: Mailstack;
let dir: string;
let receiver: Awaited<ReturnType<typeof startReceiver>>;
let seq = 0;

async function newUser() {
  const email = `push${process.pid}-${++seq}@example.test`;
  await stack.addUser(email, 'pw-push-secret');
  return { email, password: 'pw-push-secret' };
}

const mail = (to: string, subject: string) =>
  `From: a@example.org\r\nTo: ${to}\r\nSubject: ${subject}\r\n\r\nHello\r\n`;

beforeAll(async () => {
  receiver = await startReceiver();
  dir = await mkdtemp(path.join(os.tmpdir(), 'mailstack-push-'));
  // Read by start.sh only (rendered into dovecot.conf); the suite's other stack runs without push.
  process.env.MAILSTACK_PUSH_URL = `http://127.0.0.1:${receiver.port}/api/mail-push`;
  process.env.MAILSTACK_PUSH_SECRET = SECRET;
  process.env.MAILSTACK_PUSH_TIMEOUT_MS = '200';
  try {
    stack = await startMailstack({ dir, portBase: PORT_BASE });
  } finally {
    delete process.env.MAILSTACK_PUSH_URL;
    delete process.env.MAILSTACK_PUSH_SECRET;
    delete process.env.MAILSTACK_PUSH_TIMEOUT_MS;
  }
});

afterAll(async () => {
  await stack?.stop();
  receiver?.close();
  if (dir) await rm(dir, { recursive: true, force: true });
});

describe('Dovecot pushes live changes (push.lua)', () => {
  it('posts each transaction with the secret: deliveries per recipient, flags, appends, expunges, folders', async () => {
    const [a, b] = [await newUser(), await newUser()];
    await deliverViaLmtp(stack, mail(a.email, 'One'), { from: 'a@example.org', to: [a.email, b.email] });
    await until(() => eventsOf(receiver.pushes, b.email).some((e) => e.event === 'MessageNew'), 'delivery');
    const pushFor = receiver.pushes.find(
      (p) => p.body.user === a.email && p.body.events[0]?.event === 'MessageNew',
    );
    expect(pushFor?.authorization).toBe(`Bearer ${SECRET}`);
    expect(pushFor?.body.events).toEqual([
      { event: 'MessageNew', mailbox: 'INBOX', uid: 1, uidValidity: expect.any(Number) as number },
    ]);

    // Names with quotes, backslashes, non-ASCII and a control-free oddity survive the script's JSON as UTF-8.
    const odd = 'Quote "this" \\ back/Bär €';
    const imap = await openImap(stack, a.email, a.password);
    try {
      await imap.mailboxOpen('INBOX');
      await imap.messageFlagsAdd('1', ['\\Flagged', '$Work'], { uid: true });
      await imap.messageFlagsRemove('1', ['\\Flagged'], { uid: true });
      await imap.append('INBOX', mail(a.email, 'Two'), ['\\Seen']);
      await imap.messageDelete('1', { uid: true });
      await imap.mailboxCreate(odd);
      await imap.mailboxRename(odd, 'Renamed');
      await imap.mailboxDelete('Renamed');
    } finally {
      await imap.logout();
    }
    await until(() => eventsOf(receiver.pushes, a.email).some((e) => e.event === 'MailboxDelete'), 'folders');
    const seen = eventsOf(receiver.pushes, a.email).filter(
      (e) => !/^(Drafts|Sent|Trash|Junk|Archive)$/.test(e.mailbox),
    );
    const summary = seen.map((e) => [e.event, e.mailbox, e.oldMailbox ?? e.uid ?? null]);
    expect(summary).toEqual(
      expect.arrayContaining([
        ['MessageNew', 'INBOX', 1],
        ['FlagsSet', 'INBOX', 1],
        ['FlagsClear', 'INBOX', 1],
        ['MessageAppend', 'INBOX', 2],
        ['MessageExpunge', 'INBOX', 1],
        ['MailboxCreate', odd, null],
        ['MailboxRename', 'Renamed', odd],
        ['MailboxDelete', 'Renamed', null],
      ]),
    );
    const set = seen.find((e) => e.event === 'FlagsSet' && e.flags?.includes('\\Flagged'));
    expect(set).toMatchObject({ flags: ['\\Flagged'], keywords: ['$Work'] });
    // Dovecot's client sends the URL as the script built it: each push also whole in it (all are short here). A
    // push kept after a POST that got no answer in time rides in a later body (`earlier`), never in its URL.
    for (const p of receiver.pushes) {
      const { earlier: _earlier, lost: _lost, ...current } = p.body;
      expect(JSON.parse(p.query.get('push') ?? 'null')).toEqual(current);
    }
  });

  it('loses no delivery after a Dovecot reload in the middle', async () => {
    const user = await newUser();
    // As Postfix delivers: a message is delivered once LMTP answers 250 for it. During and right after the reload
    // LMTP may refuse the connection while the master swaps its config, or answer "421 4.3.2 Shutting down" to a
    // DATA in progress in a process that is going away (nodemailer reports that recipient as rejected, no error);
    // Postfix defers such a message and tries again, as this does.
    const deliverOne = async (i: number) => {
      for (let attempt = 1; ; attempt++) {
        const result = await deliverViaLmtp(stack, mail(user.email, `R${i}`), {
          from: 'a@example.org',
          to: [user.email],
        }).catch((error: unknown) => ({ accepted: [], response: String(error) }));
        if (result.accepted.length === 1) return;
        if (attempt === 10) throw new Error(`delivery ${i} refused ${attempt} times: ${result.response}`);
        await new Promise((resolve) => setTimeout(resolve, 200));
      }
    };
    for (let i = 1; i <= 5; i++) await deliverOne(i);
    const reload = run('bash', [path.join(MAILSTACK_HOME, 'bin/doveadm.sh'), 'reload'], {
      env: { ...process.env, MAILSTACK_DIR: dir, MAILSTACK_PORT_BASE: String(PORT_BASE) },
    });
    for (let i = 6; i <= 15; i++) await deliverOne(i);
    await reload;
    // A push the reload cut off waits in the spool for the next one that gets through (another user's here), and
    // may have arrived already (counted once, as the webmail does).
    const other = await newUser();
    await deliverViaLmtp(stack, mail(other.email, 'Later'), { from: 'a@example.org', to: [other.email] });
    const uids = () => [
      ...new Set(
        allPushes(receiver.pushes)
          .filter((p) => p.user === user.email)
          .flatMap((p) => p.events)
          .filter((e) => e.event === 'MessageNew')
          .map((e) => e.uid),
      ),
    ];
    // Every message is in the mailbox: a 421 can also come for a message already saved (LMTP's answer lost to the
    // shutdown), which the retry then delivers twice, as an MTA would; it may duplicate, never lose.
    const imap = await openImap(stack, user.email, user.password);
    const stored = new Map<number, string>();
    try {
      await imap.mailboxOpen('INBOX');
      for await (const m of imap.fetch('1:*', { uid: true, envelope: true }))
        stored.set(m.uid, m.envelope?.subject ?? '');
    } finally {
      await imap.logout();
    }
    expect(new Set(stored.values())).toEqual(new Set(Array.from({ length: 15 }, (_, i) => `R${i + 1}`)));
    // And every stored message was pushed.
    await until(() => uids().length >= stored.size, 'every delivery pushed');
    expect(uids().sort((x, y) => (x ?? 0) - (y ?? 0))).toEqual([...stored.keys()].sort((x, y) => x - y));
  });

  it('delivers while the webmail does not answer: the push gives up, the message is stored', async () => {
    const user = await newUser();
    receiver.state.hang = true;
    try {
      for (let i = 1; i <= 3; i++)
        await deliverViaLmtp(stack, mail(user.email, `H${i}`), { from: 'a@example.org', to: [user.email] });
    } finally {
      receiver.state.hang = false;
    }
    expect(eventsOf(receiver.pushes, user.email).filter((e) => e.event === 'MessageNew')).toHaveLength(3);
    const imap = await openImap(stack, user.email, user.password);
    try {
      expect(await imap.status('INBOX', { messages: true })).toMatchObject({ messages: 3 });
    } finally {
      await imap.logout();
    }
  });

  it('sends a push that got no answer again with the next one that gets through (another delivery), once', async () => {
    const user = await newUser();
    const deliverOne = (subject: string) =>
      deliverViaLmtp(stack, mail(user.email, subject), { from: 'a@example.org', to: [user.email] });
    const newUids = () =>
      allPushes(receiver.pushes)
        .filter((p) => p.user === user.email)
        .flatMap((p) => p.events)
        .filter((e) => e.event === 'MessageNew')
        .map((e) => e.uid);
    receiver.state.down = true;
    try {
      await deliverOne('While the webmail is down');
    } finally {
      receiver.state.down = false;
    }
    expect(newUids()).toEqual([]);
    // Each LMTP delivery runs the script in a Lua state of its own: the failed push waited in the spool file.
    await deliverOne('After it is back');
    await until(() => newUids().length >= 2, 'the failed push sent again');
    expect(newUids().sort()).toEqual([1, 2]);
    // It came inside the POST of the second delivery (with the folders Dovecot created at the first one).
    const carrier = receiver.pushes.find((p) => p.body.user === user.email && p.body.events[0]?.uid === 2);
    const again = (carrier?.body.earlier ?? []).filter((p) => p.user === user.email).flatMap((p) => p.events);
    expect(again.filter((e) => e.event === 'MessageNew').map((e) => e.uid)).toEqual([1]);
    // Sent once: the next push carries nothing again.
    await deliverOne('Later');
    await until(() => newUids().length >= 3, 'the third delivery');
    expect(newUids().sort()).toEqual([1, 2, 3]);
  });
});
