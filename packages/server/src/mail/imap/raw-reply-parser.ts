import { endsAtom, isDigit, LPAREN, Reader, RPAREN, SP, type Token } from './raw-reply-reader.js';
import type { UidRange } from './uid-set.js';

export { ImapReplyError, type Token } from './raw-reply-reader.js';

/**
 * Parses the untagged replies that carry long UID lists — SORT (RFC 5256), SEARCH, ESEARCH (RFC 4731, also
 * ESORT's, RFC 5267) and THREAD (RFC 5256) — straight from the bytes imapflow's ImapStream assembled. One
 * pass over the buffer, no token objects: a 100,000-UID SORT reply (~600 kB) parses in a few ms, where
 * imapflow's generic parser needs ~350 ms, and replies it cannot read (ESORT PARTIAL) are parsed instead of
 * dropped. Anything unexpected throws ImapReplyError: a list is never silently cut short.
 */

/**
 * The keyword of an untagged response (`SORT`, `ESEARCH`, `FETCH` for `* 5 FETCH …`), uppercase, or null for
 * anything else. Reads a few bytes only: it runs for every response of a command this module issued.
 */
export function untaggedKeyword(payload: Buffer): string | null {
  if (payload[0] !== 0x2a || payload[1] !== SP) return null;
  let start = 2;
  let end = start;
  while (end < payload.length && end - start < 32 && !endsAtom(payload[end])) end += 1;
  if (isDigit(payload[start]) && payload[end] === SP) {
    start = end + 1;
    end = start;
    while (end < payload.length && end - start < 32 && !endsAtom(payload[end])) end += 1;
  }
  return end > start ? payload.toString('latin1', start, end).toUpperCase() : null;
}

/** `* SORT 3 1 2` / `* SEARCH 1 2 3 (MODSEQ 917)`: the numbers in the order sent. */
export function parseNumberList(
  payload: Buffer,
  keyword: 'SORT' | 'SEARCH',
  literals: Buffer[] = [],
): number[] {
  const r = new Reader(payload, literals);
  r.head(keyword);
  const out: number[] = [];
  for (;;) {
    r.skipSpaces();
    if (r.done) return out;
    if (r.peek() === LPAREN) {
      // RFC 7162: a SEARCH/SORT with a MODSEQ criterion ends in `(MODSEQ n)`.
      r.skipValue();
      continue;
    }
    out.push(r.number());
  }
}

export interface EsearchReply {
  /** The command tag the reply answers (RFC 4731 `(TAG "A5")`), or null. */
  tag: string | null;
  uid: boolean;
  /** `ALL` as written: ascending runs for ESEARCH, runs in sort order for ESORT. Null when absent. */
  all: UidRange[] | null;
  count: number | null;
  min: number | null;
  max: number | null;
  /** RFC 9394 `PARTIAL (1:50 uids)`; `uids` null when the window is empty (NIL). */
  partial: { window: UidRange; uids: UidRange[] | null } | null;
  modseq: string | null;
}

/** `* ESEARCH (TAG "A5") UID COUNT 3 ALL 1:2,7` and ESORT's `* ESEARCH (TAG "A6") UID ALL 9,4:2`. */
export function parseEsearch(payload: Buffer, literals: Buffer[] = []): EsearchReply {
  const r = new Reader(payload, literals);
  r.head('ESEARCH');
  const reply: EsearchReply = {
    tag: null,
    uid: false,
    all: null,
    count: null,
    min: null,
    max: null,
    partial: null,
    modseq: null,
  };
  r.skipSpaces();
  if (r.peek() === LPAREN) {
    r.pos += 1;
    if (r.atom().toUpperCase() !== 'TAG') r.fail('expected TAG');
    r.expect(SP, 'a space');
    reply.tag = r.string();
    r.expect(RPAREN, ')');
  }
  for (;;) {
    r.skipSpaces();
    if (r.done) return reply;
    const name = r.atom().toUpperCase();
    if (name === 'UID') {
      reply.uid = true;
      continue;
    }
    r.expect(SP, `a value for ${name}`);
    if (name === 'ALL') reply.all = r.sequenceSet();
    else if (name === 'COUNT') reply.count = r.number();
    else if (name === 'MIN') reply.min = r.number();
    else if (name === 'MAX') reply.max = r.number();
    else if (name === 'MODSEQ') reply.modseq = r.digits();
    else if (name === 'PARTIAL') reply.partial = partial(r);
    else r.skipValue();
  }
}

function partial(r: Reader): EsearchReply['partial'] {
  r.expect(LPAREN, '(');
  const [window] = r.sequenceSet();
  r.expect(SP, 'a space');
  let uids: UidRange[] | null = null;
  if (isDigit(r.peek())) uids = r.sequenceSet();
  else if (r.atom().toUpperCase() !== 'NIL') r.fail('expected a UID set or NIL');
  r.expect(RPAREN, ')');
  return { window: window!, uids };
}

/**
 * `* THREAD (2)(3 6 (4 23)(44 7 96))((5)(9))`: one UID list per top-level thread, in the order the UIDs
 * appear (tree order). A thread whose root is missing is a list of lists without a leading UID (RFC 5256).
 * Iterative, so deeply nested threads cannot exhaust the stack.
 */
export function parseThread(payload: Buffer, literals: Buffer[] = []): number[][] {
  const r = new Reader(payload, literals);
  r.head('THREAD');
  const threads: number[][] = [];
  let current: number[] = [];
  let depth = 0;
  for (;;) {
    r.skipSpaces();
    const c = r.peek();
    if (c === undefined) break;
    if (c === LPAREN) {
      depth += 1;
      r.pos += 1;
    } else if (c === RPAREN) {
      if (depth === 0) r.fail('unbalanced parentheses');
      depth -= 1;
      r.pos += 1;
      if (depth === 0) {
        threads.push(current);
        current = [];
      }
    } else if (depth > 0) {
      current.push(r.number());
    } else {
      r.fail('expected a thread');
    }
  }
  if (depth !== 0) r.fail('unbalanced parentheses');
  return threads;
}

/**
 * `* 12 FETCH (UID 100 FLAGS (\\Seen) BODY[HEADER.FIELDS (REFERENCES)] {42}\r\n)`: the sequence number
 * and each data item by its uppercase name, values in imapflow's token shape.
 */
export function parseFetch(
  payload: Buffer,
  literals: Buffer[] = [],
): { seq: number; items: Map<string, Token> } {
  const r = new Reader(payload, literals);
  r.expect(0x2a, '*');
  r.expect(SP, 'a space');
  const seq = r.number();
  r.expect(SP, 'a space');
  if (r.atom().toUpperCase() !== 'FETCH') r.fail('expected FETCH');
  r.expect(SP, 'a space');
  r.expect(LPAREN, '(');
  const items = new Map<string, Token>();
  for (;;) {
    r.skipSpaces();
    if (r.peek() === RPAREN) break;
    const name = r.itemName().toUpperCase();
    r.expect(SP, `a value for ${name}`);
    items.set(name, r.token());
  }
  return { seq, items };
}
