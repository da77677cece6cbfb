import type { FetchMessageObject, ImapFlow } from 'imapflow';
// imapflow's own BODYSTRUCTURE reader and its ENVELOPE reader (imap-envelope.ts), so rows look exactly like its
// fetch() results.
import { parseBodystructure } from 'imapflow/lib/tools.js';
import { envelopeOf } from './imap-envelope.js';
import { atom, decodeMailboxName, list, rawCommand, sequence, type ImapArg } from './imap-raw-command.js';
import { parseFetch, type Token } from './raw-reply-parser.js';
import { compressUids } from './uid-set.js';
import { imapOf, type ImapTarget } from './imap-handle.js';

/**
 * A list row: imapflow's fetch result plus the body preview (RFC 8970 PREVIEW), which imapflow does not read, and
 * for a row of a virtual folder its real folder and UID (`origin`).
 */
export type ListRow = FetchMessageObject & { preview?: string; origin?: MessageOrigin };

/** Where a message of a virtual folder really is: Dovecot's `X-MAILBOX` (decoded path) and `X-REAL-UID`. */
export interface MessageOrigin {
  path: string;
  uid: number;
}

/**
 * The rows of a message-list page in one `UID FETCH`, read by our own tokenizer. imapflow's fetch()
 * needs ~15 ms for 50 such rows where Dovecot answers in ~2 ms: it parses each FETCH line generically
 * and then compiles the parsed line back into text for its debug log, even with logging off. Here the
 * tokens go straight to imapflow's envelope and body-structure readers instead.
 *
 * The body preview comes from Dovecot (PREVIEW, RFC 8970), which computes it once and keeps it in its cache
 * file: the row's own text, with quoted lines left out, no body download here.
 *
 * FETCH lines for other messages (another session's flag change, `* 7 FETCH (MODSEQ (9) FLAGS ())`)
 * arrive in the same reply; they are counted as `unsolicited` so callers know flags changed.
 */
export async function fetchListRows(
  target: ImapTarget,
  uids: number[],
  /**
   * `preview: false` leaves PREVIEW out: for rows that may not be shown, whose preview Dovecot would compute.
   * `origin: true` (a Dovecot virtual folder) also asks where each message really is (X-MAILBOX, X-REAL-UID).
   */
  options: { preview?: boolean; origin?: boolean } = {},
): Promise<{ rows: ListRow[]; unsolicited: number }> {
  const client = imapOf(target);
  const rows: ListRow[] = [];
  let unsolicited = 0;
  if (uids.length === 0) return { rows, unsolicited };
  const wanted = new Set(uids);
  const references: ImapArg = {
    type: 'ATOM',
    value: 'BODY.PEEK',
    section: [atom('HEADER.FIELDS'), list(atom('REFERENCES'))],
  };
  const names = ['UID', 'FLAGS', 'ENVELOPE', 'BODYSTRUCTURE', 'INTERNALDATE', 'RFC822.SIZE'];
  if (options.preview !== false && client.capabilities.has('PREVIEW')) names.push('PREVIEW');
  if (options.origin) names.push('X-MAILBOX', 'X-REAL-UID');
  const items = list(...names.map(atom), references);
  const unreadable: number[] = [];
  await rawCommand(client, 'UID FETCH', [sequence(compressUids(uids)), items], {
    FETCH: (payload, literals) => {
      // A burst of other sessions' flag changes (`* 7 FETCH (MODSEQ (9) FLAGS ())`, 100,000 after someone
      // marks a big folder read) is counted without parsing: short lines without one of our UIDs. Our
      // rows always carry their UID, so no row of ours is taken for one of those.
      if (payload.length < 256 && !wanted.has(Number(/\bUID (\d+)/i.exec(payload.toString('latin1'))?.[1]))) {
        unsolicited += 1;
        return;
      }
      let row: ListRow;
      try {
        row = toRow(parseFetch(payload, literals), client);
      } catch (err) {
        // One hostile message (a BODYSTRUCTURE nested 1,000 deep) must not take the page down with it.
        const uid = Number(/\bUID (\d+)/i.exec(payload.toString('latin1', 0, 200))?.[1]);
        if (!wanted.has(uid)) throw err;
        unreadable.push(uid);
        return;
      }
      if (row.uid && wanted.has(row.uid)) rows.push(row);
      else unsolicited += 1;
    },
  });
  if (unreadable.length) {
    const fallback = await withoutStructure(client, unreadable);
    if (options.origin) await addOrigins(client, fallback);
    rows.push(...fallback);
  }
  return { rows, unsolicited };
}

/**
 * Where messages of a virtual folder really are, by virtual UID (`UID FETCH set (UID X-MAILBOX X-REAL-UID)`,
 * Dovecot's own FETCH items), read by our parser: a search with thousands of hits maps them in one reply.
 * Other sessions' FETCH lines in the reply are counted as `unsolicited`.
 */
export async function fetchOrigins(
  target: ImapTarget,
  set: string,
): Promise<{ origins: Map<number, MessageOrigin>; unsolicited: number }> {
  const client = imapOf(target);
  const origins = new Map<number, MessageOrigin>();
  let unsolicited = 0;
  if (!set) return { origins, unsolicited };
  const items = list(atom('UID'), atom('X-MAILBOX'), atom('X-REAL-UID'));
  await rawCommand(client, 'UID FETCH', [sequence(set), items], {
    FETCH: (payload, literals) => {
      const { items: values } = parseFetch(payload, literals);
      const uid = Number(text(values.get('UID')));
      const origin = originOf(values, client);
      if (uid && origin) origins.set(uid, origin);
      else unsolicited += 1;
    },
  });
  return { origins, unsolicited };
}

/**
 * INTERNALDATE (arrival, ms) of messages of the selected folder, by UID, in one `UID FETCH`: the
 * folder-by-folder search merges its hits by it.
 */
export async function fetchArrivals(
  target: ImapTarget,
  set: string,
): Promise<{ arrivals: Map<number, number>; unsolicited: number }> {
  const client = imapOf(target);
  const arrivals = new Map<number, number>();
  let unsolicited = 0;
  if (!set) return { arrivals, unsolicited };
  await rawCommand(client, 'UID FETCH', [sequence(set), list(atom('UID'), atom('INTERNALDATE'))], {
    FETCH: (payload, literals) => {
      const { items } = parseFetch(payload, literals);
      const uid = Number(text(items.get('UID')));
      const date = text(items.get('INTERNALDATE'));
      if (uid && date) arrivals.set(uid, new Date(date).getTime());
      else unsolicited += 1;
    },
  });
  return { arrivals, unsolicited };
}

/** A message's sender and own time (Date header, else 0), as the names of a conversation row need them. */
export interface MessageSender {
  from: { name?: string; address?: string } | undefined;
  date: number;
}

/**
 * Senders and dates of some messages of the selected folder in one `UID FETCH (UID ENVELOPE)`, by UID: the
 * participants of a page's conversations, one command for the whole page. Other sessions' FETCH lines in the reply
 * are counted as `unsolicited`.
 */
export async function fetchSenders(
  target: ImapTarget,
  uids: number[],
): Promise<{ senders: Map<number, MessageSender>; unsolicited: number }> {
  const client = imapOf(target);
  const senders = new Map<number, MessageSender>();
  let unsolicited = 0;
  if (uids.length === 0) return { senders, unsolicited };
  const wanted = new Set(uids);
  await rawCommand(client, 'UID FETCH', [sequence(compressUids(uids)), list(atom('UID'), atom('ENVELOPE'))], {
    FETCH: (payload, literals) => {
      const { items } = parseFetch(payload, literals);
      const uid = Number(text(items.get('UID')));
      const envelope = items.get('ENVELOPE');
      if (!wanted.has(uid) || !Array.isArray(envelope)) return void (unsolicited += 1);
      let parsed: ReturnType<typeof envelopeOf> | undefined;
      try {
        parsed = envelopeOf(envelope);
      } catch {
        // An envelope imapflow cannot read names nobody; the row still lists.
      }
      const date = parsed?.date ? new Date(parsed.date).getTime() : 0;
      senders.set(uid, { from: parsed?.from?.[0], date: Number.isNaN(date) ? 0 : date });
    },
  });
  return { senders, unsolicited };
}

function originOf(items: Map<string, Token>, client: ImapFlow): MessageOrigin | undefined {
  const name = text(items.get('X-MAILBOX'));
  const uid = Number(text(items.get('X-REAL-UID')));
  return name && uid ? { path: decodeMailboxName(client, name), uid } : undefined;
}

/** For rows read by imapflow (without structure): their origins in one more FETCH. */
async function addOrigins(client: ImapFlow, rows: ListRow[]): Promise<void> {
  const { origins } = await fetchOrigins(client, compressUids(rows.map((r) => r.uid)));
  for (const row of rows) row.origin = origins.get(row.uid);
}

/**
 * Dovecot's body previews (RFC 8970 PREVIEW) of some messages in one `UID FETCH`, by UID; empty without
 * the PREVIEW capability. Other sessions' FETCH lines in the reply are counted as `unsolicited`.
 */
export async function fetchPreviews(
  target: ImapTarget,
  uids: number[],
): Promise<{ previews: Map<number, string>; unsolicited: number }> {
  const client = imapOf(target);
  const previews = new Map<number, string>();
  let unsolicited = 0;
  if (uids.length === 0 || !client.capabilities.has('PREVIEW')) return { previews, unsolicited };
  const wanted = new Set(uids);
  await rawCommand(client, 'UID FETCH', [sequence(compressUids(uids)), list(atom('UID'), atom('PREVIEW'))], {
    FETCH: (payload, literals) => {
      // As in fetchListRows: another session's flag change is counted without parsing it.
      if (payload.length < 256 && !wanted.has(Number(/\bUID (\d+)/i.exec(payload.toString('latin1'))?.[1]))) {
        unsolicited += 1;
        return;
      }
      const { items } = parseFetch(payload, literals);
      const uid = Number(text(items.get('UID')));
      if (!wanted.has(uid)) return void (unsolicited += 1);
      const preview = text(items.get('PREVIEW'));
      if (typeof preview === 'string') previews.set(uid, preview);
    },
  });
  return { previews, unsolicited };
}

/** Rows our reader refused, through imapflow without the body structure (no attachment icon then). */
async function withoutStructure(client: ImapFlow, uids: number[]): Promise<FetchMessageObject[]> {
  const query = {
    uid: true,
    flags: true,
    envelope: true,
    internalDate: true,
    size: true,
    headers: ['references'],
  };
  return client.fetchAll(compressUids(uids), query, { uid: true });
}

const text = (token: Token | undefined): string | undefined =>
  token && !Array.isArray(token)
    ? Buffer.isBuffer(token.value)
      ? token.value.toString()
      : token.value
    : undefined;

function toRow({ seq, items }: ReturnType<typeof parseFetch>, client: ImapFlow): ListRow {
  const row = { seq } as ListRow;
  const origin = originOf(items, client);
  if (origin) row.origin = origin;
  for (const [name, value] of items) {
    if (name === 'UID') row.uid = Number(text(value));
    else if (name === 'FLAGS' && Array.isArray(value)) row.flags = new Set(value.map((f) => text(f) ?? ''));
    else if (name === 'ENVELOPE' && Array.isArray(value)) row.envelope = envelopeOf(value);
    else if (name === 'BODYSTRUCTURE' && Array.isArray(value)) row.bodyStructure = structureOf(value);
    else if (name === 'INTERNALDATE') row.internalDate = new Date(text(value) ?? '');
    else if (name === 'RFC822.SIZE') row.size = Number(text(value));
    else if (name === 'PREVIEW') row.preview = text(value);
    else if (name.startsWith('BODY[HEADER')) {
      const bytes = value && !Array.isArray(value) ? value.value : undefined;
      if (bytes !== undefined) row.headers = Buffer.isBuffer(bytes) ? bytes : Buffer.from(bytes);
    }
  }
  return row;
}

/** A structure imapflow's reader cannot walk leaves the row without one rather than failing it. */
function structureOf(value: Token[]): FetchMessageObject['bodyStructure'] {
  try {
    return parseBodystructure(value as never);
  } catch {
    return undefined;
  }
}
