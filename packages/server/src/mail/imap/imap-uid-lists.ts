import type { ImapFlow } from 'imapflow';
import { atom, list, rawCommand, sequence, type ImapArg } from './imap-raw-command.js';
import { ImapReplyError, parseEsearch, parseNumberList, parseThread } from './raw-reply-parser.js';
import { compressUids, countUidSet, expandRanges, rangesToSet } from './uid-set.js';
import { imapOf, type ImapTarget } from './imap-handle.js';

/**
 * Big UID lists of the selected folder — sorted, threaded, searched — and whole-folder flag changes,
 * all through rawCommand (own parser, same connection). Call these under the folder lock.
 */

export { atom, sequence };

const all = [atom('ALL')];

/** An ESEARCH reply must answer our command; one for another tag means the stream is out of step. */
function checkTag(replyTag: string | null, tag: string, payload: Buffer): void {
  if (replyTag !== null && replyTag !== tag) {
    throw new ImapReplyError(`ESEARCH for tag ${replyTag}, expected ${tag}`, payload, 0);
  }
}

function missing(command: string): never {
  throw new ImapReplyError(`no untagged reply to ${command}`, Buffer.alloc(0), 0);
}

/**
 * UIDs matching `criteria` in ascending arrival order (RFC 5256 ARRIVAL = INTERNALDATE, ties by sequence
 * number). See uidsSorted.
 */
export function uidsByArrival(target: ImapTarget, criteria: ImapArg[] = all): Promise<number[]> {
  const client = imapOf(target);
  return uidsSorted(client, [atom('ARRIVAL')], criteria);
}

/**
 * UIDs matching `criteria` ordered by the RFC 5256 sort keys `keys` (`DATE`, `REVERSE SUBJECT DATE` …; ties by
 * sequence number, ascending even under REVERSE). With ESORT, `RETURN (ALL)` answers in compressed runs
 * (`1:100000` when the order follows UID order, as it does for delivered mail in date or arrival order), a few
 * bytes instead of ~600 kB; Dovecot compresses ascending runs only, so callers wanting newest first sort
 * ascending and reverse the list themselves. Without SORT: UID order, which is arrival order for delivered
 * mail (the best a server without SORT offers).
 */
export async function uidsSorted(
  target: ImapTarget,
  keys: readonly ImapArg[],
  criteria: ImapArg[] = all,
): Promise<number[]> {
  const client = imapOf(target);
  let uids: number[] | null = null;
  if (client.capabilities.has('ESORT')) {
    const args = [atom('RETURN'), list(atom('ALL')), list(...keys), atom('UTF-8'), ...criteria];
    await rawCommand(client, 'UID SORT', args, {
      ESEARCH: (payload, literals, tag) => {
        const reply = parseEsearch(payload, literals);
        checkTag(reply.tag, tag, payload);
        uids = reply.all ? expandRanges(reply.all) : [];
      },
    });
  } else if (client.capabilities.has('SORT')) {
    const args = [list(...keys), atom('UTF-8'), ...criteria];
    await rawCommand(client, 'UID SORT', args, {
      SORT: (payload, literals) => {
        uids = [...(uids ?? []), ...parseNumberList(payload, 'SORT', literals)];
      },
    });
  } else {
    return (await searchUids(client, criteria)).sort((a, b) => a - b);
  }
  return uids ?? missing('UID SORT');
}

/**
 * `UID THREAD REFS UTF-8 <criteria>` (default ALL): one UID list per thread of the matching messages; null when
 * the server has no THREAD=REFS.
 */
export async function threadRefs(target: ImapTarget, criteria: ImapArg[] = all): Promise<number[][] | null> {
  const client = imapOf(target);
  if (!client.capabilities.has('THREAD=REFS')) return null;
  let threads: number[][] | null = null;
  await rawCommand(client, 'UID THREAD', [atom('REFS'), atom('UTF-8'), ...criteria], {
    THREAD: (payload, literals) => {
      threads = [...(threads ?? []), ...parseThread(payload, literals)];
    },
  });
  return threads ?? missing('UID THREAD');
}

/** The matching UIDs as a canonical compressed set, and how many. ESEARCH `RETURN (ALL)` where offered. */
export async function searchUidSet(
  target: ImapTarget,
  criteria: ImapArg[],
): Promise<{ set: string; count: number }> {
  const client = imapOf(target);
  if (!client.capabilities.has('ESEARCH')) {
    const uids = await searchUids(client, criteria);
    return { set: compressUids(uids), count: new Set(uids).size };
  }
  let set: string | null = null;
  await rawCommand(client, 'UID SEARCH', [atom('RETURN'), list(atom('ALL')), ...criteria], {
    ESEARCH: (payload, literals, tag) => {
      const reply = parseEsearch(payload, literals);
      checkTag(reply.tag, tag, payload);
      set = reply.all ? rangesToSet(reply.all) : '';
    },
  });
  const found: string = set ?? missing('UID SEARCH');
  return { set: found, count: countUidSet(found) };
}

/** How many messages match (`UID SEARCH RETURN (COUNT)` with ESEARCH). */
export async function searchCount(target: ImapTarget, criteria: ImapArg[]): Promise<number> {
  const client = imapOf(target);
  if (!client.capabilities.has('ESEARCH')) return new Set(await searchUids(client, criteria)).size;
  let count: number | null = null;
  await rawCommand(client, 'UID SEARCH', [atom('RETURN'), list(atom('COUNT')), ...criteria], {
    ESEARCH: (payload, literals, tag) => {
      const reply = parseEsearch(payload, literals);
      checkTag(reply.tag, tag, payload);
      count = reply.count ?? 0;
    },
  });
  return count ?? missing('UID SEARCH');
}

/** Plain `UID SEARCH` (servers without ESEARCH): the numbers as sent. */
async function searchUids(client: ImapFlow, criteria: ImapArg[]): Promise<number[]> {
  let uids: number[] | null = null;
  await rawCommand(client, 'UID SEARCH', criteria, {
    SEARCH: (payload, literals) => {
      uids = [...(uids ?? []), ...parseNumberList(payload, 'SEARCH', literals)];
    },
  });
  return uids ?? missing('UID SEARCH');
}

/**
 * `UID STORE set ±FLAGS.SILENT (flag)` for any number of messages. With CONDSTORE enabled (imapflow
 * enables it) Dovecot still answers every changed message with `* n FETCH (UID n MODSEQ (m))` despite
 * .SILENT (RFC 7162 §3.2); rawCommand counts those lines without parsing them (imapflow would parse each
 * one: seconds for 100,000) and marks the folder's flags as changed (selected-folder.ts).
 */
export async function storeFlag(target: ImapTarget, set: string, flag: string, add: boolean): Promise<void> {
  const client = imapOf(target);
  if (!set) return;
  const args = [sequence(set), atom(`${add ? '+' : '-'}FLAGS.SILENT`), list(atom(flag))];
  await rawCommand(client, 'UID STORE', args, {});
}
