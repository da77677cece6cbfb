/**
 * The reading benchmark's mail: an Inbox of 2,000 everyday messages (once per stack), and before each
 * message kind's rows fresh copies of that message, APPENDed like delivered mail (unseen, arrival now)
 * and full-text indexed by Dovecot before anything is timed. The copies are expunged again at the end,
 * so a kept stack (BENCH_STATE_DIR) always starts from the same 2,000.
 */
import { ImapFlow } from 'imapflow';
import type { BenchEnvironment } from '../bench-environment.js';
import { doveadm } from './maildir-seed.js';
import { readingMessage, type ReadingKind } from './reading-messages.js';
import { realisticMessages } from './realistic-mail.js';

export const backgroundCount = 2_000;

export async function imapClient(env: BenchEnvironment): Promise<ImapFlow> {
  const client = new ImapFlow({
    host: '127.0.0.1',
    port: env.imapPort,
    secure: false,
    auth: { user: env.user.email, pass: env.user.password },
    logger: false,
  });
  await client.connect();
  return client;
}

/**
 * Fills an empty Inbox with the everyday mail (the conversation search of every open runs over it),
 * or removes the copies a run that stopped half-way left behind. Returns the seconds spent seeding.
 */
export async function prepareInbox(env: BenchEnvironment): Promise<number> {
  const client = await imapClient(env);
  try {
    const lock = await client.getMailboxLock('INBOX');
    try {
      const uids = ((await client.search({ all: true }, { uid: true })) || []).sort((a, b) => a - b);
      if (uids.length >= backgroundCount) {
        await expunge(client, uids.slice(backgroundCount));
        return 0;
      }
      if (uids.length > 0)
        throw new Error(`INBOX holds ${uids.length} messages, not ${backgroundCount}: reset the stack`);
      const started = performance.now();
      const end = Date.now() - 86_400_000;
      const messages = realisticMessages(env.user.email, backgroundCount, end - 365 * 86_400_000, end, 7);
      let n = 0;
      for (const { raw, date } of messages) {
        const flags = n < backgroundCount * 0.97 ? ['\\Seen'] : [];
        if (!(await client.append('INBOX', raw, flags, date))) throw new Error('APPEND refused');
        n += 1;
      }
      await indexInbox(env);
      return (performance.now() - started) / 1000;
    } finally {
      lock.release();
    }
  } finally {
    await client.logout();
  }
}

/** `count` fresh copies of one message kind, newest in the Inbox; returns their UIDs, oldest first. */
export async function appendCopies(
  env: BenchEnvironment,
  kind: ReadingKind,
  count: number,
  runTag: string,
): Promise<number[]> {
  const client = await imapClient(env);
  const uids: number[] = [];
  try {
    for (let i = 0; i < count; i += 1) {
      const raw = readingMessage(kind, env.user.email, `${runTag}-${String(i).padStart(2, '0')}`);
      const answer = await client.append('INBOX', raw, []);
      if (!answer || !answer.uid) throw new Error('APPEND gave no UID (UIDPLUS expected)');
      uids.push(answer.uid);
    }
  } finally {
    await client.logout();
  }
  await indexInbox(env);
  return uids;
}

/** Removes this run's copies (not timed). */
export async function removeCopies(env: BenchEnvironment, uids: number[]): Promise<void> {
  if (uids.length === 0) return;
  const client = await imapClient(env);
  try {
    const lock = await client.getMailboxLock('INBOX');
    try {
      await expunge(client, uids);
    } finally {
      lock.release();
    }
  } finally {
    await client.logout();
  }
}

async function expunge(client: ImapFlow, uids: number[]): Promise<void> {
  if (uids.length === 0) return;
  if (!(await client.messageDelete(uids.join(','), { uid: true }))) throw new Error('EXPUNGE refused');
}

/**
 * Waits for Dovecot's full-text index of the Inbox (fts_autoindex queues it at APPEND; `doveadm index`
 * finishes it synchronously), so neither side's first SEARCH pays for indexing and no indexer runs
 * beside the measurements.
 */
async function indexInbox(env: BenchEnvironment): Promise<void> {
  await doveadm(env.stack, ['index', '-u', env.user.email, 'INBOX']);
}
