/**
 * What `bench:rolling` checks after the restart: every message once in its recipient's INBOX (over IMAP), every
 * draft's last acknowledged body on the server, every session still signed in, every delivery announced on its
 * user's stream (live, or in the Inbox the app read again after its stream reconnected), and every logged event of
 * the account on the stream (replayed by `Last-Event-ID` across the reconnects).
 */
import { attachMailstack, openImap } from '@webmail/mailstack';
import type { ClusterEnvironment } from './cluster-environment.js';
import { call, type BenchUser, type CallLog, type SendRecord } from './rolling-load.js';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Subjects in each user's INBOX with how often each is there. */
async function inboxSubjects(env: ClusterEnvironment, users: BenchUser[]) {
  const stack = attachMailstack({ dir: env.stack.dir, portBase: env.stack.portBase });
  const all = new Map<string, Map<string, number>>();
  for (const u of users) {
    const counts = new Map<string, number>();
    const client = await openImap(stack, u.email, u.password);
    try {
      const box = await client.mailboxOpen('INBOX', { readOnly: true });
      if (box.exists > 0) {
        for await (const m of client.fetch('1:*', { envelope: true })) {
          const subject = m.envelope?.subject ?? '';
          counts.set(subject, (counts.get(subject) ?? 0) + 1);
        }
      }
    } finally {
      await client.logout().catch(() => undefined);
    }
    all.set(u.email, counts);
  }
  return all;
}

export interface Delivery {
  to: BenchUser;
  subject: string;
}

/** Waits (at most `ms`) until every accepted send and every delivery is in its INBOX; then counts the copies. */
export async function mailArrived(
  env: ClusterEnvironment,
  users: BenchUser[],
  sends: SendRecord[],
  deliveries: Delivery[],
  ms: number,
) {
  const expected = [
    ...sends.filter((s) => s.accepted).map((s) => [s.to, s.subject] as const),
    ...deliveries.map((d) => [d.to.email, d.subject] as const),
  ];
  const deadline = Date.now() + ms;
  for (;;) {
    const inboxes = await inboxSubjects(env, users);
    const copies = (to: string, subject: string) => inboxes.get(to)?.get(subject) ?? 0;
    const missing = expected.filter(([to, subject]) => copies(to, subject) === 0).length;
    if (missing === 0 || Date.now() > deadline) return copies;
    await sleep(2000);
  }
}

/** Each user's draft as the server has it against the last save it acknowledged. */
export async function draftsKept(
  log: CallLog,
  users: BenchUser[],
): Promise<{ kept: number; lost: string[] }> {
  const lost: string[] = [];
  for (const u of users) {
    if (u.acked === 0) continue;
    const { status, json } = await call(log, 'read draft', u, 'GET', `/api/u/0/compose/drafts/${u.draftId}`);
    const draft = json as { revision: number | null; draft: { text: string } } | null;
    const revision = draft?.revision ?? 0;
    // The body comes back from the message in Drafts: line breaks and the final newline are the MIME encoder's.
    const flat = (text = '') => text.replace(/\s+/g, ' ').trim();
    const text = flat(draft?.draft.text);
    const whole = status === 200 && revision >= u.acked && text === flat(u.drafts.get(revision));
    if (!whole) lost.push(`${u.email}: ${status}, revision ${revision} of ${u.acked}: …${text.slice(-30)}`);
  }
  return { kept: users.filter((u) => u.acked > 0).length - lost.length, lost };
}

/** Users whose session still answers a signed-in route (`GET /api/auth/me`: 200, not 401). */
export async function stillSignedIn(log: CallLog, users: BenchUser[]): Promise<string[]> {
  const out: string[] = [];
  for (const u of users) {
    const { status } = await call(log, 'me', u, 'GET', '/api/auth/me?userIndex=0');
    if (status !== 200 || u.stream?.record.signedOut) out.push(`${u.email}: ${status}`);
  }
  return out;
}

/** Logged events of each account (for every session) up to `upTo` that its stream never got, after its first. */
export async function eventsMissed(env: ClusterEnvironment, users: BenchUser[], upTo: number) {
  const firsts = users.map((u) => u.stream?.record.firstId ?? 0);
  const from = Math.min(...firsts);
  const rows = await env.sql(
    `SELECT account, id FROM event_log WHERE session_id IS NULL AND id > ${from} AND id <= ${upTo} ORDER BY id`,
  );
  const byEmail = new Map(users.map((u) => [u.email.toLowerCase(), u]));
  let logged = 0;
  const missed: string[] = [];
  for (const row of rows) {
    const [account = '', idText = ''] = row.split('\t');
    const u = byEmail.get(account.toLowerCase());
    const id = Number(idText);
    if (!u?.stream || id <= (u.stream.record.firstId ?? 0)) continue;
    logged += 1;
    if (!u.stream.record.ids.has(id)) missed.push(`${u.email}#${id}`);
  }
  return { logged, missed };
}
