import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  countImapLogins,
  countMessages,
  deliverViaLmtp,
  openImap,
  startMailstack,
  submitViaSmtp,
  waitForMessageCount,
  type Mailstack,
} from './index.js';

// A port base of its own so the suite never collides with the demo stack (10000).
const PORT_BASE = Number(process.env.MAILSTACK_TEST_PORT_BASE ?? 23000);
let stack: Mailstack;
let dir: string;
let seq = 0;

/** Every test gets fresh users: the stack is started once and shared. */
async function newUser(opts?: { quotaMb?: number }) {
  const email = `t${process.pid}-${++seq}@example.test`;
  const password = `pw-${seq}-secret`;
  await stack.addUser(email, password, opts);
  return { email, password };
}

async function latestSubject(email: string, password: string, mailbox: string, count: number) {
  const client = await openImap(stack, email, password);
  try {
    await waitForMessageCount(client, mailbox, count);
    const lock = await client.getMailboxLock(mailbox);
    try {
      const msg = await client.fetchOne('*', { envelope: true });
      return msg ? msg.envelope?.subject : undefined;
    } finally {
      lock.release();
    }
  } finally {
    await client.logout();
  }
}

/** Reads the ManageSieve greeting: capability lines up to the final OK. */
function sieveGreeting(port: number): Promise<string[]> {
  return new Promise((resolve, reject) => {
    const socket = net.connect({ host: '127.0.0.1', port });
    let data = '';
    socket.setEncoding('utf8');
    socket.on('data', (chunk: string) => {
      data += chunk;
      const lines = data.split('\r\n');
      if (lines.some((l) => l.startsWith('OK'))) {
        socket.end('LOGOUT\r\n');
        resolve(lines);
      }
    });
    socket.on('error', reject);
  });
}

function portAcceptsConnections(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect({ host: '127.0.0.1', port });
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

/** Running = has a /proc entry and is not a zombie (the sandbox init may never reap them). */
async function isRunning(pid: number): Promise<boolean> {
  try {
    return !/^State:\s*Z/m.test(await readFile(`/proc/${pid}/status`, 'utf8'));
  } catch {
    return false;
  }
}

async function processTree(pid: number): Promise<number[]> {
  const children = await readFile(`/proc/${pid}/task/${pid}/children`, 'utf8').catch(() => '');
  const nested = await Promise.all(
    children
      .split(/\s+/)
      .filter(Boolean)
      .map((c) => processTree(Number(c))),
  );
  return [pid, ...nested.flat()];
}

beforeAll(async () => {
  // mkdtemp makes the dir 0700; start.sh opens it up for the vmail/dovecot users itself.
  dir = await mkdtemp(path.join(os.tmpdir(), 'mailstack-test-'));
  stack = await startMailstack({ dir, portBase: PORT_BASE });
});

afterAll(async () => {
  await stack?.stop();
  if (dir) await rm(dir, { recursive: true, force: true });
});

describe('mailstack sandbox', () => {
  it('delivers mail submitted with SMTP AUTH to the recipient INBOX', async () => {
    const sender = await newUser();
    const rcpt = await newUser();
    const subject = `Tervist – привет ${Date.now()}`;
    const result = await submitViaSmtp(
      stack,
      { user: sender.email, pass: sender.password },
      { from: sender.email, to: rcpt.email, subject, text: 'Hei!' },
    );
    expect(result.accepted).toEqual([rcpt.email]);
    expect(await latestSubject(rcpt.email, rcpt.password, 'INBOX', 1)).toBe(subject);
    expect(await countImapLogins(stack, rcpt.email)).toBeGreaterThanOrEqual(1);
  });

  it('refuses submission with a wrong password', async () => {
    const sender = await newUser();
    await expect(
      submitViaSmtp(
        stack,
        { user: sender.email, pass: 'wrong' },
        { from: sender.email, to: sender.email, text: 'x' },
      ),
    ).rejects.toThrow(/auth/i);
  });

  it('lets a login send as its own address and as addresses listed for it in the sender table only', async () => {
    const owner = await newUser();
    const other = await newUser();
    const rcpt = await newUser();
    const alias = `alias-${process.pid}-${++seq}@example.org`;
    const send = (user: { email: string; password: string }, from: string) =>
      submitViaSmtp(stack, { user: user.email, pass: user.password }, { from, to: rcpt.email, text: 'x' });
    // Nobody owns the alias yet: refused at MAIL FROM (reject_sender_login_mismatch), whoever is logged in.
    await expect(send(owner, alias)).rejects.toThrow(/not owned|Sender address rejected/i);
    await promisify(execFile)('sqlite3', [
      stack.senderDb,
      `INSERT INTO sender_logins (address, email) VALUES ('${alias}', '${owner.email}')`,
    ]);
    expect((await send(owner, alias)).accepted).toEqual([rcpt.email]);
    expect((await send(owner, owner.email)).accepted).toEqual([rcpt.email]);
    // Listed for the owner only: another account, or the owner sending as someone else, is still refused.
    await expect(send(other, alias)).rejects.toThrow(/not owned|Sender address rejected/i);
    await expect(send(owner, other.email)).rejects.toThrow(/not owned|Sender address rejected/i);
    await promisify(execFile)('sqlite3', [
      stack.senderDb,
      `DELETE FROM sender_logins WHERE address = '${alias}'`,
    ]);
    await expect(send(owner, alias)).rejects.toThrow(/not owned|Sender address rejected/i);
  });

  it('creates and subscribes the special-use folders at first login', async () => {
    const user = await newUser();
    const client = await openImap(stack, user.email, user.password);
    try {
      const boxes = await client.list();
      const byUse = new Map(boxes.filter((b) => b.specialUse).map((b) => [b.specialUse, b]));
      for (const [use, name] of [
        ['\\Drafts', 'Drafts'],
        ['\\Sent', 'Sent'],
        ['\\Trash', 'Trash'],
        ['\\Junk', 'Junk'],
        ['\\Archive', 'Archive'],
      ] as const) {
        expect(byUse.get(use)?.path, use).toBe(name);
        expect(byUse.get(use)?.subscribed, `${name} subscribed`).toBe(true);
      }
    } finally {
      await client.logout();
    }
  });

  it('supports nested folders with "/" as separator and per-user quota', async () => {
    const user = await newUser({ quotaMb: 5 });
    const client = await openImap(stack, user.email, user.password);
    try {
      await client.mailboxCreate('Projects/Clients/Acme/2026');
      const paths = (await client.list()).map((b) => b.path);
      expect(paths).toContain('Projects/Clients/Acme/2026');
      const quota = await client.getQuota('INBOX');
      expect(quota && quota.storage?.limit).toBe(5 * 1024 * 1024);
    } finally {
      await client.logout();
    }
  });

  it('delivers over LMTP directly', async () => {
    const rcpt = await newUser();
    const raw = `From: lmtp@elsewhere.example\r\nTo: ${rcpt.email}\r\nSubject: via LMTP\r\n\r\nbody\r\n`;
    const result = await deliverViaLmtp(stack, raw, { from: 'lmtp@elsewhere.example', to: [rcpt.email] });
    expect(result.accepted).toEqual([rcpt.email]);
    expect(await latestSubject(rcpt.email, rcpt.password, 'INBOX', 1)).toBe('via LMTP');
  });

  it('routes mail for every other domain to the sink mailbox', async () => {
    const sender = await newUser();
    const subject = `to the outside ${Date.now()}`;
    const sinkClient = await openImap(stack, stack.sink.email, stack.sink.password);
    let before: number;
    try {
      before = await countMessages(sinkClient, 'INBOX');
    } finally {
      await sinkClient.logout();
    }
    await submitViaSmtp(
      stack,
      { user: sender.email, pass: sender.password },
      {
        from: sender.email,
        to: 'someone@elsewhere.example',
        subject,
        text: 'Should never leave the machine.',
      },
    );
    expect(await latestSubject(stack.sink.email, stack.sink.password, 'INBOX', before + 1)).toBe(subject);
  });

  it('greets on ManageSieve with the required SIEVE extensions', async () => {
    const lines = await sieveGreeting(stack.ports.sieve);
    expect(lines.some((l) => l.startsWith('"IMPLEMENTATION"'))).toBe(true);
    const sieveLine = lines.find((l) => l.startsWith('"SIEVE"')) ?? '';
    const extensions = sieveLine.replace(/^"SIEVE" "|"$/g, '').split(' ');
    for (const ext of [
      'fileinto',
      'vacation',
      'imap4flags',
      'body',
      'variables',
      'copy',
      'mime',
      'relational',
      'spamtest',
      'spamtestplus',
    ]) {
      expect(extensions, ext).toContain(ext);
    }
  });

  it('stops cleanly, leaving no daemon and no open port behind', async () => {
    const runDir = /^RUN_DIR=(.*)$/m.exec(await readFile(path.join(dir, 'stack.env'), 'utf8'))?.[1];
    expect(runDir).toBeTruthy();
    const masters = await Promise.all(
      [`${runDir}/dovecot/master.pid`, `${runDir}/postfix/pid/master.pid`].map(async (f) =>
        Number((await readFile(f, 'utf8')).trim()),
      ),
    );
    // Children come and go (a just-exited one may be an unreaped zombie), so only the two
    // masters must be running now; afterwards nothing of either tree may be.
    expect(await Promise.all(masters.map(isRunning))).toEqual([true, true]);
    const pids = (await Promise.all(masters.map(processTree))).flat();
    expect(pids.length).toBeGreaterThan(4);

    await stack.stop();

    const stillRunning = (
      await Promise.all(pids.map(async (pid) => ((await isRunning(pid)) ? pid : 0)))
    ).filter(Boolean);
    expect(stillRunning).toEqual([]);
    for (const port of Object.values(stack.ports)) {
      expect(await portAcceptsConnections(port), `port ${port}`).toBe(false);
    }
  });
});
