import { ApiSession } from './api-session.js';
import type { BenchEnvironment } from './bench-environment.js';
import { doveadm, messageCount } from './seed/maildir-seed.js';
import { quantile, type ComparedRow } from './stats.js';
import { numbersOf, WireImap } from './wire-imap.js';

/**
 * The FETCH items of a list row, as the server sends them (imap-fetch-rows.ts; MODSEQ: CONDSTORE is enabled, so
 * Dovecot adds it to every FETCH reply anyway).
 */
export const rowItems =
  '(UID FLAGS ENVELOPE BODYSTRUCTURE INTERNALDATE RFC822.SIZE PREVIEW MODSEQ BODY.PEEK[HEADER.FIELDS (REFERENCES)])';

export interface Folder {
  id: string;
  path: string;
}

interface ListBody {
  total: number;
  messages: Array<{ id: number; conversation?: { count: number } }>;
}

export interface Bench {
  env: BenchEnvironment;
  api: ApiSession;
  wire: WireImap;
  folders: Map<string, Folder>;
}

const ms = (start: number) => performance.now() - start;

/** `1,2,3,7` → `1:3,7`, as any client sends a set (the webmail does too). */
export function compress(sorted: number[]): string {
  const runs: string[] = [];
  for (let i = 0; i < sorted.length;) {
    let j = i;
    while (j + 1 < sorted.length && sorted[j + 1] === sorted[j]! + 1) j += 1;
    runs.push(i === j ? `${sorted[i]}` : `${sorted[i]}:${sorted[j]}`);
    i = j + 1;
  }
  return runs.join(',');
}
const listPath = (folder: Folder, query: string) => `/api/u/0/mailbox/${folder.id}/messages?${query}`;

/** A new wire connection, logged in with CONDSTORE enabled like the server's (not timed). */
export async function wireSession(env: BenchEnvironment): Promise<WireImap> {
  const wire = await WireImap.connect(env.imapPort, env.user.email, env.user.password);
  await wire.run('ENABLE CONDSTORE');
  return wire;
}

/** Newest-first UIDs of a folder from a plain SORT on the wire connection (bookkeeping, not timed). */
export async function sortedOnWire(wire: WireImap, path: string): Promise<number[]> {
  await wire.run(`SELECT "${path}"`);
  return numbersOf(await wire.run('UID SORT (ARRIVAL) UTF-8 ALL', true), 'SORT').reverse();
}

/**
 * Cold: the first open after sign-in (new session, new IMAP connection, nothing cached in the webmail).
 * Wire: a new connection too; timed are the commands a cold open needs, from SELECT to the FETCH.
 */
export async function coldRow(
  bench: Bench,
  name: string,
  folder: Folder,
  query: string,
  wireCommands: (uids: number[]) => string[],
  runs: number,
): Promise<ComparedRow & { firstIds: number[] }> {
  const product: number[] = [];
  const wire: number[] = [];
  let firstIds: number[] = [];
  for (let i = 0; i < runs; i += 1) {
    const session = new ApiSession(bench.env.baseUrl);
    await session.signIn(bench.env.user.email, bench.env.user.password);
    await session.json('/api/u/0/mailbox');
    const start = performance.now();
    const body = await session.json<ListBody>(listPath(folder, query));
    product.push(ms(start));
    firstIds = body.messages.map((m) => m.id);
    await session.signOut();
    const fresh = await wireSession(bench.env);
    wire.push(await fresh.time(wireCommands(firstIds)));
    await fresh.close();
  }
  const label = (c: string) =>
    c.startsWith('SELECT')
      ? 'SELECT'
      : c.startsWith('UID FETCH')
        ? 'UID FETCH 50'
        : c.replace(/ (UTF-8 ALL|RETURN \(ALL\))/g, '');
  const commands = wireCommands([1]).map(label).join(' + ');
  return { name, product, wire, wireCommands: commands, target: null, firstIds };
}

/** Warm: the folder was opened before and did not change; wire: only the UID FETCH of the same rows. */
export async function warmRow(
  bench: Bench,
  name: string,
  folder: Folder,
  query: string,
  runs: number,
): Promise<ComparedRow> {
  const path = listPath(folder, query);
  const body = await bench.api.json<ListBody>(path);
  const fetch = `UID FETCH ${compress(body.messages.map((m) => m.id).sort((a, b) => a - b))} ${rowItems}`;
  await bench.wire.run(`SELECT "${folder.path}"`);
  // Steady state on both sides: right after its first SELECT of a folder, the webmail's Dovecot process
  // answers FETCH 2–4× slower for some 20–30 requests (measured), while the wire session is long settled.
  for (let i = 0; i < 30; i += 1) {
    await bench.api.json(path);
    await bench.wire.run(fetch);
  }
  const product: number[] = [];
  const wire: number[] = [];
  for (let i = 0; i < runs; i += 1) {
    let start = performance.now();
    await bench.api.json(path);
    product.push(ms(start));
    start = performance.now();
    await bench.wire.run(fetch);
    wire.push(ms(start));
  }
  return { name, product, wire, wireCommands: 'UID FETCH of the 50 rows', target: 2 };
}

/**
 * The HTTP round trip that every product row carries and the wire floor does not: this bench's client (`fetch`)
 * against the server, with no mail server work. `GET /api/` is public (no session); `GET /api/auth/me?userIndex=0` checks the
 * session and reads the database, as every signed-in call does before its own work. Medians of `runs`.
 */
export async function httpFloor(bench: Bench, runs: number): Promise<{ open: number; signedIn: number }> {
  const median = async (path: string) => {
    for (let i = 0; i < 30; i += 1) await bench.api.json(path);
    const times: number[] = [];
    for (let i = 0; i < runs; i += 1) {
      const start = performance.now();
      await bench.api.json(path);
      times.push(ms(start));
    }
    return quantile(times, 0.5);
  };
  return { open: await median('/api/'), signedIn: await median('/api/auth/me?userIndex=0') };
}

/**
 * Before each timed action both sessions are in step with the folder, as a user's would be: the webmail
 * catches up with one page request (not timed) on the same folder, so Dovecot's report of what the other
 * session just changed (100,000 flag changes, 10,000 arrivals) is not counted into the action.
 */
const catchUp = (bench: Bench, folder: Folder) => bench.api.json(listPath(folder, 'limit=1'));

/** '*' seen on the whole folder, from all unseen each time (the reset is not timed). */
export async function markAllReadRow(bench: Bench, folder: Folder, runs: number) {
  const product: number[] = [];
  const wire: number[] = [];
  await bench.wire.run(`SELECT "${folder.path}"`);
  const reset = () => bench.wire.run('UID STORE 1:* -FLAGS.SILENT (\\Seen)');
  for (let i = 0; i < runs; i += 1) {
    await reset();
    await catchUp(bench, folder);
    const start = performance.now();
    const body = { context: 'mailbox', action: 'seen', messages: [{ mailboxId: folder.id, messageId: '*' }] };
    const answer = await bench.api.post<{ handled: number }>('/api/u/0/mailbox/massAction', body);
    product.push(ms(start));
    if (answer.handled !== 100_000) console.warn(`mark read handled ${answer.handled}`);
    await reset();
    wire.push(await bench.wire.time(['UID STORE 1:* +FLAGS (\\Seen)']));
  }
  await bench.wire.run('UNSELECT');
  return {
    name: '100k: mark whole folder read (* seen)',
    product,
    wire,
    wireCommands: 'UID STORE 1:* +FLAGS (\\Seen)',
    target: 1.5,
  };
}

/**
 * Moves the 10,000 lowest UIDs to another folder. After each run they go back with doveadm (not timed;
 * without the fts plugin, which would spend ~3 ms per message deleting documents it never indexed).
 */
export async function moveRow(bench: Bench, folder: Folder, target: Folder, runs: number) {
  const product: number[] = [];
  const wire: number[] = [];
  await bench.wire.run(`SELECT "${folder.path}"`);
  const lowest = async () => {
    // NOOP first: Dovecot brings a selected session up to date with other sessions' changes only then.
    await bench.wire.run('NOOP');
    return numbersOf(await bench.wire.run('UID SEARCH ALL', true), 'SEARCH').slice(0, 10_000);
  };
  const restore = async (who: string) => {
    const moved = await messageCount(bench.env.stack, bench.env.user.email, target.path);
    if (moved !== 10_000) console.warn(`${who} moved ${moved} messages, not 10,000`);
    const args = ['-o', 'mail_plugins=quota virtual', 'move', '-u', bench.env.user.email, folder.path];
    await doveadm(bench.env.stack, [...args, 'mailbox', target.path, 'all']);
  };
  for (let i = 0; i < runs; i += 1) {
    let uids = await lowest();
    await catchUp(bench, folder);
    const messages = uids.map((messageId) => ({ mailboxId: folder.id, messageId }));
    let start = performance.now();
    const body = { context: 'mailbox', action: 'move', moveToTarget: target.id, messages };
    const answer = await bench.api.post<{ handled: number }>('/api/u/0/mailbox/massAction', body);
    product.push(ms(start));
    if (answer.handled !== 10_000) console.warn(`move handled ${answer.handled}`);
    await restore('the webmail');
    uids = await lowest();
    start = performance.now();
    await bench.wire.run(`UID MOVE ${compress(uids)} "${target.path}"`);
    wire.push(ms(start));
    await restore('the wire');
  }
  await bench.wire.run('UNSELECT');
  return {
    name: '100k: move 10,000 to another folder',
    product,
    wire,
    wireCommands: 'UID MOVE of the same 10,000',
    target: 1.5,
  };
}

/**
 * Sign-in until the app can draw the mailbox: `POST /auth`, then the folder tree (what the app waits for), in a
 * new session each run; beside LOGIN + `LIST "" "*" RETURN (STATUS (MESSAGES UNSEEN))` on a new connection.
 */
export async function measureSignIn(
  env: BenchEnvironment,
  user: { email: string; password: string },
  runs: number,
): Promise<ComparedRow> {
  const product: number[] = [];
  const wire: number[] = [];
  for (let i = 0; i < runs; i += 1) {
    const api = new ApiSession(env.baseUrl);
    await api.json('/api/');
    const start = performance.now();
    await api.signIn(user.email, user.password);
    await api.json('/api/u/0/mailbox');
    product.push(performance.now() - start);
    await api.signOut();
    const at = performance.now();
    const w = await WireImap.connect(env.imapPort, user.email, user.password);
    await w.run('LIST "" "*" RETURN (STATUS (MESSAGES UNSEEN))');
    wire.push(performance.now() - at);
    await w.close();
  }
  return {
    name: 'sign in + folder tree',
    product,
    wire,
    wireCommands: 'connect, LOGIN, LIST-STATUS',
    target: null,
  };
}
