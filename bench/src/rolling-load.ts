/**
 * The mixed load of `bench:rolling`: bench users as the web app holds them (session, Inbox, one draft being
 * written, an event stream that resumes) and the calls they make — list the Inbox, save the draft with a longer
 * body, send a message to another bench user — each retried as the app's query client retries (network errors,
 * 5xx, 429: three more times after 1, 2 and 4 s; sends and saves are safe to repeat: the server knows the draftId
 * and the revision). Every answer is counted by status and every call timed.
 */
import { randomUUID } from 'node:crypto';
import { ApiSession } from './api-session.js';
import type { ResumingStream } from './resuming-stream.js';

export interface BenchUser {
  email: string;
  password: string;
  api: ApiSession;
  inboxId: string;
  stream: ResumingStream | null;
  draftId: string;
  /** The body of each revision saved so far (sent or not), and the highest the server acknowledged. */
  drafts: Map<number, string>;
  acked: number;
  /** Subjects found in the Inbox when the app read it again after a reconnect. */
  reread: Set<string>;
}

export interface SendRecord {
  subject: string;
  from: string;
  to: string;
  accepted: boolean;
}

export class CallLog {
  readonly times = new Map<string, number[]>();
  readonly statuses = new Map<string, number>();

  count(call: string, status: string): void {
    const key = `${call} ${status}`;
    this.statuses.set(key, (this.statuses.get(key) ?? 0) + 1);
  }

  time(call: string, ms: number): void {
    const list = this.times.get(call) ?? [];
    list.push(ms);
    this.times.set(call, list);
  }
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const retryable = (status: number) => status === 0 || status === 429 || status >= 500;

/** One call as the app makes it: retried while the failure may heal; resolves the last answer's status and body. */
export async function call(
  log: CallLog,
  name: string,
  user: BenchUser,
  method: string,
  path: string,
  body?: unknown,
): Promise<{ status: number; json: unknown }> {
  for (let attempt = 0; ; attempt += 1) {
    const start = performance.now();
    let status = 0;
    let json: unknown = null;
    try {
      const res = await user.api.request(method, path, body);
      status = res.status;
      json = await res.json().catch(() => null);
    } catch {
      // no answer: counted as a network error
    }
    log.time(name, performance.now() - start);
    // HAProxy's own answers (no node available, a node's answer cut off) are HTML, the nodes' JSON.
    const from = status >= 500 && json === null ? ' (balancer)' : '';
    log.count(name, status === 0 ? 'network error' : `${status}${from}`);
    if (!retryable(status) || attempt === 3) return { status, json };
    await sleep(1000 * 2 ** attempt);
  }
}

const listPath = (u: BenchUser, limit: number) =>
  `/api/u/0/mailbox/${encodeURIComponent(u.inboxId)}/messages?offset=0&limit=${limit}&sort=date&order=desc`;

/** The Inbox's first page; after a reconnect (`reread`) a longer one, and its subjects are kept. */
export async function listInbox(log: CallLog, u: BenchUser, reread = false): Promise<void> {
  const { status, json } = await call(
    log,
    reread ? 'reread Inbox' : 'list Inbox',
    u,
    'GET',
    listPath(u, reread ? 200 : 50),
  );
  if (reread && status === 200) {
    for (const m of (json as { messages: Array<{ subject: string }> }).messages) u.reread.add(m.subject);
  }
}

const draftOf = (to: string, subject: string, text: string) => ({
  from: null,
  to: [{ name: '', address: to }],
  cc: [],
  bcc: [],
  subject,
  html: null,
  text,
  plainText: true,
});

/** The user's draft, one word longer than the last save. */
export async function saveDraft(log: CallLog, u: BenchUser): Promise<void> {
  const revision = u.drafts.size + 1;
  const text = `${u.drafts.get(revision - 1) ?? 'Draft'} word${revision}.`;
  u.drafts.set(revision, text);
  const { status, json } = await call(log, 'save draft', u, 'PUT', `/api/u/0/compose/drafts/${u.draftId}`, {
    revision,
    draft: draftOf(u.email, `rolling draft of ${u.email}`, text),
  });
  const result = (json as { result?: string } | null)?.result;
  if (status === 200 && result === 'saved' && revision > u.acked) u.acked = revision;
}

/** A new message to `to`, sent at once or after a 3-second undo window (then the outbox job sends it). */
export async function send(log: CallLog, u: BenchUser, to: BenchUser, n: number): Promise<SendRecord> {
  const subject = `rolling-send-${n}-${randomUUID().slice(0, 8)}`;
  const { status } = await call(log, 'send', u, 'POST', '/api/u/0/compose/send', {
    draftId: randomUUID(),
    draft: draftOf(to.email, subject, `Message ${n} through a rolling restart.`),
    undoSeconds: n % 2 === 0 ? 0 : 3,
  });
  return { subject, from: u.email, to: to.email, accepted: status === 200 || status === 202 };
}

/** Signs the user in through the balancer and finds the Inbox, as the app does on its first page. */
export async function signInUser(baseUrl: string, email: string, password: string): Promise<BenchUser> {
  const api = new ApiSession(baseUrl);
  await api.signIn(email, password);
  const tree = await api.json<{ mailboxes: Array<{ id: string; path: string }> }>('/api/u/0/mailbox');
  const inbox = tree.mailboxes.find((f) => f.path === 'INBOX');
  if (!inbox) throw new Error(`no INBOX for ${email}`);
  return {
    email,
    password,
    api,
    inboxId: inbox.id,
    stream: null,
    draftId: randomUUID(),
    drafts: new Map(),
    acked: 0,
    reread: new Set(),
  };
}
