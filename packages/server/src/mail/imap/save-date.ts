import type { ImapFlow } from 'imapflow';
import { atom, list, rawCommand, sequence } from './imap-raw-command.js';
import { parseFetch, parseNumberList } from './raw-reply-parser.js';
import { imapOf, type ImapTarget } from './imap-handle.js';

const months = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const dayMs = 86_400_000;

/** IMAP `date` (RFC 3501): `1-Feb-2026`, from the UTC calendar day. */
function imapDate(ms: number): string {
  const d = new Date(ms);
  return `${d.getUTCDate()}-${months[d.getUTCMonth()]}-${d.getUTCFullYear()}`;
}

/**
 * UIDs of the selected folder whose messages entered it before `cutoffMs` (RFC 8514 SAVEDATE). imapflow
 * 2.1.2 knows neither SAVEDBEFORE nor FETCH SAVEDATE, so both go through rawCommand (our own parser).
 * SAVEDBEFORE/SAVEDSINCE compare whole days in the server's time zone, so: everything saved before
 * (cutoff − 2 days) is surely older; the ~4 days around the cutoff are fetched with their exact SAVEDATE
 * and filtered. Nothing newer than the cutoff is ever returned, whatever the server's time zone.
 */
export async function uidsSavedBefore(target: ImapTarget, cutoffMs: number): Promise<number[]> {
  const client = imapOf(target);
  const surelyBefore = imapDate(cutoffMs - 2 * dayMs);
  const surelyAfter = imapDate(cutoffMs + 2 * dayMs);
  const old = await uidSearch(client, ['SAVEDBEFORE', surelyBefore]);
  const around = await uidSearch(client, ['SAVEDSINCE', surelyBefore, 'SAVEDBEFORE', surelyAfter]);
  const saved = around.length ? await fetchSaveDates(client, around.join(',')) : new Map<number, number>();
  const nearCutoff = around.filter((uid) => {
    const at = saved.get(uid);
    // A server that cannot tell a message's save date (SAVEDATE NIL) keeps the message.
    return at !== undefined && at < cutoffMs;
  });
  return [...old, ...nearCutoff];
}

async function uidSearch(client: ImapFlow, criteria: string[]): Promise<number[]> {
  const uids: number[] = [];
  await rawCommand(client, 'UID SEARCH', criteria.map(atom), {
    SEARCH: (payload, literals) => {
      // A loop, not push(...list): a spread of 100,000 arguments overflows the stack.
      for (const uid of parseNumberList(payload, 'SEARCH', literals)) uids.push(uid);
    },
  });
  return uids;
}

/** UID → save time (ms) via `UID FETCH set (UID SAVEDATE)`; NIL dates are left out. */
async function fetchSaveDates(client: ImapFlow, set: string): Promise<Map<number, number>> {
  const dates = new Map<number, number>();
  // `(UID SAVEDATE)`, not `(SAVEDATE)`: Dovecot 2.3.19 on a connection with CONDSTORE enabled (imapflow
  // enables it) answers a lone `(SAVEDATE)` with OK and no FETCH response at all.
  await rawCommand(client, 'UID FETCH', [sequence(set), list(atom('UID'), atom('SAVEDATE'))], {
    FETCH: (payload, literals) => {
      const { items } = parseFetch(payload, literals);
      const uid = items.get('UID');
      const saved = items.get('SAVEDATE');
      if (!uid || Array.isArray(uid) || !saved || Array.isArray(saved) || typeof saved.value !== 'string')
        return;
      const at = parseDateTime(saved.value);
      if (at !== undefined) dates.set(Number(uid.value), at);
    },
  });
  return dates;
}

/** RFC 3501 `date-time`: `" 6-May-2026 01:14:00 +0300"` → epoch ms, or undefined. */
export function parseDateTime(value: string): number | undefined {
  const m = /^\s*(\d{1,2})-([A-Za-z]{3})-(\d{4}) (\d{2}):(\d{2}):(\d{2}) ([+-])(\d{2})(\d{2})$/.exec(value);
  if (!m) return undefined;
  const month = months.findIndex((name) => name.toLowerCase() === m[2]!.toLowerCase());
  if (month === -1) return undefined;
  const utc = Date.UTC(Number(m[3]), month, Number(m[1]), Number(m[4]), Number(m[5]), Number(m[6]));
  const offsetMs = (Number(m[8]) * 60 + Number(m[9])) * 60_000 * (m[7] === '-' ? -1 : 1);
  return utc - offsetMs;
}
