import type { ImapFlow } from 'imapflow';

type Attr = { type?: string; value?: unknown } | Attr[];
type Untagged = { attributes?: Attr[] };
type Exec = (
  command: string,
  attributes: unknown[],
  options: { untagged: Record<string, (u: Untagged) => Promise<void>> },
) => Promise<{ next: () => void }>;

const months = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const dayMs = 86_400_000;

/** IMAP `date` (RFC 3501): `1-Feb-2026`, from the UTC calendar day. */
function imapDate(ms: number): string {
  const d = new Date(ms);
  return `${d.getUTCDate()}-${months[d.getUTCMonth()]}-${d.getUTCFullYear()}`;
}

function exec(client: ImapFlow): Exec {
  return (client as unknown as { exec: Exec }).exec.bind(client);
}

/**
 * UIDs of the selected folder whose messages entered it before `cutoffMs` (RFC 8514 SAVEDATE). imapflow
 * 2.1.2 knows neither SAVEDBEFORE nor FETCH SAVEDATE, so both go through its internal exec() here.
 * SAVEDBEFORE/SAVEDSINCE compare whole days in the server's time zone, so: everything saved before
 * (cutoff − 2 days) is surely older; the ~4 days around the cutoff are fetched with their exact SAVEDATE
 * and filtered. Nothing newer than the cutoff is ever returned, whatever the server's time zone.
 */
export async function uidsSavedBefore(client: ImapFlow, cutoffMs: number): Promise<number[]> {
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
  const response = await exec(client)(
    'UID SEARCH',
    criteria.map((value) => ({ type: 'ATOM', value })),
    {
      untagged: {
        SEARCH: async (untagged) => {
          for (const attr of untagged.attributes ?? []) {
            const uid = Array.isArray(attr) ? NaN : Number(attr.value);
            if (Number.isInteger(uid) && uid > 0) uids.push(uid);
          }
        },
      },
    },
  );
  response.next();
  return uids;
}

/** UID → save time (ms) via `UID FETCH set (SAVEDATE)`; NIL dates are left out. */
async function fetchSaveDates(client: ImapFlow, set: string): Promise<Map<number, number>> {
  const dates = new Map<number, number>();
  const response = await exec(client)(
    'UID FETCH',
    // `(UID SAVEDATE)`, not `(SAVEDATE)`: Dovecot 2.3.19 on a connection with CONDSTORE enabled (imapflow
    // enables it) answers a lone `(SAVEDATE)` with OK and no FETCH response at all.
    [
      { type: 'SEQUENCE', value: set },
      [
        { type: 'ATOM', value: 'UID' },
        { type: 'ATOM', value: 'SAVEDATE' },
      ],
    ],
    {
      untagged: {
        FETCH: async (untagged) => {
          const list = untagged.attributes?.[1];
          if (!Array.isArray(list)) return;
          let uid: number | undefined;
          let savedAt: number | undefined;
          for (let i = 0; i + 1 < list.length; i += 2) {
            const key = list[i];
            const value = list[i + 1];
            if (Array.isArray(key) || Array.isArray(value)) continue;
            const name = String(key?.value ?? '').toUpperCase();
            if (name === 'UID') uid = Number(value?.value);
            if (name === 'SAVEDATE' && typeof value?.value === 'string') savedAt = parseDateTime(value.value);
          }
          if (uid !== undefined && savedAt !== undefined) dates.set(uid, savedAt);
        },
      },
    },
  );
  response.next();
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
