import { ApiSession } from './api-session.js';
import type { BenchEnvironment } from './bench-environment.js';
import type { ReadingMessageSpec } from './seed/reading-messages.js';
import { quantile, type ComparedRow } from './stats.js';
import { WireImap } from './wire-imap.js';

export interface ReadingBench {
  env: BenchEnvironment;
  /** The long-lived session of the warm rows. */
  api: ApiSession;
  /** The long-lived wire connection of the warm rows, Inbox selected. */
  wire: WireImap;
  inboxId: string;
}

/** A row with a line saying what exactly was measured on each side. */
export interface ReadingRow extends ComparedRow {
  note: string;
}

interface ListBody {
  messages: Array<{ id: number; thread: string }>;
}
interface ThreadBody {
  messages: Array<{ id: number }>;
}
interface DetailBody {
  html: string | null;
  text: string | null;
  attachments: Array<{ id: string; size: number }>;
}

/** One message copy as the app addresses it: UID and conversation id (from the list). */
export interface Copy {
  uid: number;
  thread: string;
}

const ms = (start: number) => performance.now() - start;
const med = (t: number[]) => quantile(t, 0.5).toFixed(1);
const mailbox = (b: { inboxId: string }) => `/api/u/0/mailbox/${encodeURIComponent(b.inboxId)}`;

/** The Inbox page a user sees before clicking (not timed); gives each copy its conversation id. */
export async function copiesFromList(api: ApiSession, inboxId: string, uids: number[]): Promise<Copy[]> {
  const list = await api.json<ListBody>(`${mailbox({ inboxId })}/messages?limit=50`);
  return uids.map((uid) => {
    const row = list.messages.find((m) => m.id === uid);
    if (!row) throw new Error(`UID ${uid} is not on the first Inbox page`);
    return { uid, thread: row.thread };
  });
}

/**
 * What the app does to open a message (conversation-view.tsx → message-card.tsx): the conversation
 * (`useThread`), then, once it renders the card, the message with its body (`useMessage`). Timed to
 * the last byte of the second answer; the mark-as-read PATCH that follows the rendered body is not counted.
 */
export async function openMessage(api: ApiSession, inboxId: string, copy: Copy, spec: ReadingMessageSpec) {
  const start = performance.now();
  const base = mailbox({ inboxId });
  const thread = await api.json<ThreadBody>(
    `${base}/threads/${encodeURIComponent(copy.thread)}?messageId=${copy.uid}`,
  );
  const threadMs = ms(start);
  const detail = await api.json<DetailBody>(`${base}/messages/${copy.uid}`);
  const total = ms(start);
  if (!thread.messages.some((m) => m.id === copy.uid)) throw new Error('the conversation lacks the message');
  const shown = (detail.html ?? '').length + (detail.text ?? '').length;
  if (shown < 1_000) throw new Error(`${spec.label}: only ${shown} characters of body`);
  if (spec.attachment && !detail.attachments.some((a) => a.id === spec.attachment!.part))
    throw new Error(`${spec.label}: attachment ${spec.attachment.part} missing`);
  return { total, threadMs, detailMs: total - threadMs };
}

/** The wire floors of an open: the whole message, and only what the webmail reads of it, in one FETCH. */
export function wireOpen(spec: ReadingMessageSpec) {
  const parts = spec.textParts.map((p) => `BODY.PEEK[${p}]`).join(' ');
  return {
    full: (uid: number) => `UID FETCH ${uid} (BODY.PEEK[])`,
    parts: (uid: number) =>
      `UID FETCH ${uid} (UID FLAGS ENVELOPE BODYSTRUCTURE INTERNALDATE RFC822.SIZE ` +
      `BODY.PEEK[HEADER.FIELDS (REFERENCES)] ${parts})`,
    partsLabel: `UID FETCH (metadata + ${spec.textParts.map((p) => `BODY.PEEK[${p}]`).join(' ')})`,
  };
}

async function freshWire(env: BenchEnvironment): Promise<WireImap> {
  const wire = await WireImap.connect(env.imapPort, env.user.email, env.user.password);
  await wire.run('SELECT INBOX');
  return wire;
}

/**
 * Cold: a message nobody fetched before, opened right after sign-in. Product: a new session signs in,
 * loads the folder tree and the Inbox page (not timed), then opens it. Wire: a new connection with the
 * Inbox selected (not timed) fetches another never-fetched copy, once whole and once only the parts.
 * `copies` holds 3 × runs copies: product, wire whole, wire parts.
 */
export async function coldRows(
  bench: ReadingBench,
  spec: ReadingMessageSpec,
  copies: number[],
  runs: number,
): Promise<ReadingRow[]> {
  const product: number[] = [];
  const threads: number[] = [];
  const details: number[] = [];
  const full: number[] = [];
  const parts: number[] = [];
  const wire = wireOpen(spec);
  for (let i = 0; i < runs; i += 1) {
    const session = new ApiSession(bench.env.baseUrl);
    await session.signIn(bench.env.user.email, bench.env.user.password);
    await session.json('/api/u/0/mailbox');
    const [copy] = await copiesFromList(session, bench.inboxId, [copies[i]!]);
    const open = await openMessage(session, bench.inboxId, copy!, spec);
    product.push(open.total);
    threads.push(open.threadMs);
    details.push(open.detailMs);
    await session.signOut();
    for (const [times, command, uid] of [
      [full, wire.full, copies[runs + i]!],
      [parts, wire.parts, copies[2 * runs + i]!],
    ] as const) {
      const fresh = await freshWire(bench.env);
      times.push(await fresh.time([command(uid)]));
      await fresh.close();
    }
  }
  const split = `thread ${med(threads)} + message ${med(details)} ms`;
  const name = `${spec.label}: open, cold`;
  return [
    {
      name,
      product,
      wire: full,
      wireCommands: 'UID FETCH (BODY.PEEK[]), new connection',
      target: null,
      note: `first open after sign-in (${split}) vs the whole message on a new connection`,
    },
    {
      name: `${name}, vs parts`,
      product,
      wire: parts,
      wireCommands: `${wire.partsLabel}, new connection`,
      target: null,
      note: 'the same opens vs one FETCH of only what the webmail reads (metadata and text parts)',
    },
  ];
}

/** Warm: the same message opened again in the same session; the wire fetches it on a settled connection. */
export async function warmRows(
  bench: ReadingBench,
  spec: ReadingMessageSpec,
  copy: Copy,
  runs: number,
): Promise<ReadingRow[]> {
  const wire = wireOpen(spec);
  const commands = [wire.full(copy.uid), wire.parts(copy.uid)];
  for (let i = 0; i < 10; i += 1) {
    await openMessage(bench.api, bench.inboxId, copy, spec);
    for (const command of commands) await bench.wire.run(command);
  }
  const product: number[] = [];
  const threads: number[] = [];
  const details: number[] = [];
  const full: number[] = [];
  const parts: number[] = [];
  for (let i = 0; i < runs; i += 1) {
    const open = await openMessage(bench.api, bench.inboxId, copy, spec);
    product.push(open.total);
    threads.push(open.threadMs);
    details.push(open.detailMs);
    full.push(await bench.wire.time([commands[0]!]));
    parts.push(await bench.wire.time([commands[1]!]));
  }
  const split = `thread ${med(threads)} + message ${med(details)} ms`;
  const name = `${spec.label}: open, warm`;
  return [
    {
      name,
      product,
      wire: full,
      wireCommands: 'UID FETCH (BODY.PEEK[])',
      target: 3,
      note: `opened before in this session (${split}) vs the whole message`,
    },
    {
      name: `${name}, vs parts`,
      product,
      wire: parts,
      wireCommands: wire.partsLabel,
      target: 3,
      note: 'the same opens vs one FETCH of only what the webmail reads (metadata and text parts)',
    },
  ];
}

/** One attachment, downloaded through the API (decoded bytes) vs its body part on the wire (base64). */
export async function attachmentRow(
  bench: ReadingBench,
  spec: ReadingMessageSpec,
  copy: Copy,
  runs: number,
): Promise<ReadingRow> {
  const attachment = spec.attachment!;
  const path = `${mailbox(bench)}/messages/${copy.uid}/attachments/${attachment.part}`;
  const command = `UID FETCH ${copy.uid} (BODY.PEEK[${attachment.part}])`;
  const download = async () => {
    const bytes = await bench.api.bytes(path);
    if (bytes.length !== attachment.size) throw new Error(`downloaded ${bytes.length} bytes`);
  };
  for (let i = 0; i < 3; i += 1) {
    await download();
    await bench.wire.run(command);
  }
  const product: number[] = [];
  const wire: number[] = [];
  for (let i = 0; i < runs; i += 1) {
    let start = performance.now();
    await download();
    product.push(ms(start));
    start = performance.now();
    await bench.wire.run(command);
    wire.push(ms(start));
  }
  const mb = (attachment.size / 1e6).toFixed(0);
  return {
    name: `${spec.label}: download the ${mb} MB ${attachment.filename}`,
    product,
    wire,
    wireCommands: `UID FETCH (BODY.PEEK[${attachment.part}])`,
    target: 3,
    note: `GET …/attachments/${attachment.part}, decoded, to the last byte vs the base64 part (${mb} MB → ${((attachment.size * 4) / 3 / 1e6).toFixed(1)} MB)`,
  };
}
