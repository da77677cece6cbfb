import { describe, expect, it } from 'vitest';
// imapflow's own framing: the hook sees exactly what this stream emits (literal bytes split off).
import { ImapStream } from 'imapflow/lib/handler/imap-stream.js';
import {
  ImapReplyError,
  parseEsearch,
  parseFetch,
  parseNumberList,
  parseThread,
  untaggedKeyword,
} from './raw-reply-parser.js';
import { expandRanges, rangesToSet } from './uid-set.js';

const line = (text: string) => Buffer.from(text, 'latin1');

/** Wire bytes → the responses ImapStream hands to the reader (payload without CRLF, literals apart). */
async function framed(wire: string): Promise<Array<{ payload: Buffer; literals: Buffer[] }>> {
  const quiet = () => {};
  const logger = { trace: quiet, debug: quiet, info: quiet, warn: quiet, error: quiet, fatal: quiet };
  const stream = new ImapStream({ logger });
  const out: Array<{ payload: Buffer; literals: Buffer[] }> = [];
  stream.on('data', (item: { payload: Buffer; literals: Buffer[]; next: () => void }) => {
    out.push({ payload: item.payload, literals: item.literals });
    item.next();
  });
  stream.end(Buffer.from(wire, 'utf8'));
  await new Promise((resolve) => stream.once('end', resolve));
  return out;
}

describe('raw IMAP reply parser', () => {
  it('names untagged responses, numeric prefixes included', () => {
    expect(untaggedKeyword(line('* SORT 1 2'))).toBe('SORT');
    expect(untaggedKeyword(line('* esearch (TAG "A1") UID'))).toBe('ESEARCH');
    expect(untaggedKeyword(line('* 4990 FETCH (UID 4990 MODSEQ (3))'))).toBe('FETCH');
    expect(untaggedKeyword(line('* 12 EXPUNGE'))).toBe('EXPUNGE');
    expect(untaggedKeyword(line('* THREAD'))).toBe('THREAD');
    expect(untaggedKeyword(line('A12 OK done'))).toBeNull();
    expect(untaggedKeyword(line('+ go ahead'))).toBeNull();
  });

  it('reads SORT and SEARCH lists, empty ones and a trailing MODSEQ', () => {
    expect(parseNumberList(line('* SORT 5 3 4294967295 1'), 'SORT')).toEqual([5, 3, 4294967295, 1]);
    expect(parseNumberList(line('* SORT'), 'SORT')).toEqual([]);
    expect(parseNumberList(line('* SEARCH'), 'SEARCH')).toEqual([]);
    expect(parseNumberList(line('* SEARCH 2 84 882 (MODSEQ 917162500)'), 'SEARCH')).toEqual([2, 84, 882]);
  });

  it('reads a 100,000-UID SORT reply as ImapStream frames it from the wire', async () => {
    const uids = Array.from({ length: 100_000 }, (_, i) => i + 1);
    const [reply, done] = await framed(`* SORT ${uids.join(' ')}\r\nT4 OK Sort completed (0.113 secs).\r\n`);
    expect(untaggedKeyword(done!.payload)).toBeNull();
    const start = performance.now();
    const parsed = parseNumberList(reply!.payload, 'SORT', reply!.literals);
    expect(parsed).toEqual(uids);
    // Not a timing assertion (tests never assert on wall-clock time): this only guards against an
    // accidentally quadratic parser, which would take minutes.
    expect(performance.now() - start).toBeLessThan(5_000);
  });

  it('refuses what it cannot read instead of returning a shorter list', () => {
    expect(() => parseNumberList(line('* SORT 1 2 x3'), 'SORT')).toThrow(ImapReplyError);
    expect(() => parseNumberList(line('* SORT 1 99999999999'), 'SORT')).toThrow(/out of range/);
    expect(() => parseNumberList(line('* SEARCH 1 2'), 'SORT')).toThrow(/expected SORT/);
    expect(() => parseThread(line('* THREAD (1 (2)'))).toThrow(/unbalanced/);
    expect(() => parseEsearch(line('* ESEARCH (TAG "A1") UID ALL 1:'))).toThrow(/expected a number/);
  });

  it('reads ESEARCH results with sequence ranges, counts and an ESORT order', () => {
    const reply = parseEsearch(line('* ESEARCH (TAG "T9") UID ALL 10001:110000,110002 COUNT 100001'));
    expect(reply).toMatchObject({ tag: 'T9', uid: true, count: 100001 });
    expect(rangesToSet(reply.all!)).toBe('10001:110000,110002');
    const minMax = parseEsearch(line('* ESEARCH (TAG "T3") UID MIN 10001 MAX 110000 COUNT 100000'));
    expect(minMax).toMatchObject({ min: 10001, max: 110000, count: 100000, all: null });
    // ESORT RETURN (ALL): runs keep the sort order, a descending run included.
    const sorted = parseEsearch(line('* ESEARCH (TAG "T5") UID ALL 5000,4999,1:3,9:7'));
    expect(expandRanges(sorted.all!)).toEqual([5000, 4999, 1, 2, 3, 9, 8, 7]);
    // No match: Dovecot sends the tag and UID only.
    expect(parseEsearch(line('* ESEARCH (TAG "T8") UID'))).toMatchObject({ all: null, count: null });
  });

  it('reads the ESORT PARTIAL reply that imapflow drops', () => {
    const reply = parseEsearch(line('* ESEARCH (TAG "T6") UID PARTIAL (1:50 5000,4999,4998:4951)'));
    expect(reply.partial!.window).toEqual([1, 50]);
    expect(expandRanges(reply.partial!.uids!)).toHaveLength(50);
    expect(parseEsearch(line('* ESEARCH (TAG "T7") UID PARTIAL (101:150 NIL)')).partial).toEqual({
      window: [101, 150],
      uids: null,
    });
  });

  it('takes a literal tag and skips items it does not know', async () => {
    const wire = '* ESEARCH (TAG {2}\r\nA5) UID RELEVANCY (4 99 "x)") ALL 3 MODSEQ 18446744073709551600\r\n';
    const [framedReply] = await framed(wire);
    const reply = parseEsearch(framedReply!.payload, framedReply!.literals);
    expect(reply).toMatchObject({ tag: 'A5', modseq: '18446744073709551600' });
    expect(reply.all).toEqual([[3, 3]]);
    expect(() => parseEsearch(framedReply!.payload, [])).toThrow(/literal 0/);
    expect(parseEsearch(line('* ESEARCH (TAG "a\\"b") UID')).tag).toBe('a"b');
  });

  it('flattens THREAD trees, nested and rootless ones included', () => {
    const reply = line('* THREAD (2)(3 6 (4 23)(44 7 96))((5)(9))(57 69)');
    expect(parseThread(reply)).toEqual([[2], [3, 6, 4, 23, 44, 7, 96], [5, 9], [57, 69]]);
    expect(parseThread(line('* THREAD'))).toEqual([]);
    const deep = `* THREAD (${'1 ('.repeat(5000)}2${')'.repeat(5001)}`;
    expect(parseThread(line(deep))[0]).toHaveLength(5001);
  });

  it('reads a FETCH row with a section item, nested lists, NIL and a literal', async () => {
    const wire =
      '* 4 FETCH (UID 4 FLAGS (\\Seen $Label1) INTERNALDATE "22-Nov-2024 13:20:34 +0000" RFC822.SIZE 1664 ' +
      'ENVELOPE ("Fri, 22 Nov 2024 13:20:34 +0000" "Re: =?UTF-8?B?w7xsZXZhYWRl?=" (("Aino \\"V\\"" NIL "aino" "v.example")) ' +
      'NIL NIL NIL NIL NIL "<a1@t>" "<a2@t>") BODYSTRUCTURE ("text" "plain" ("charset" "utf-8") NIL NIL "8bit" 12 1 NIL NIL NIL NIL) ' +
      'MODSEQ (18) BODY[HEADER.FIELDS (REFERENCES)] {22}\r\nReferences: <a1@t>\r\n\r\n)\r\n';
    const [row] = await framed(wire);
    const { seq, items } = parseFetch(row!.payload, row!.literals);
    expect(seq).toBe(4);
    expect([...items.keys()]).toEqual([
      'UID',
      'FLAGS',
      'INTERNALDATE',
      'RFC822.SIZE',
      'ENVELOPE',
      'BODYSTRUCTURE',
      'MODSEQ',
      'BODY[HEADER.FIELDS (REFERENCES)]',
    ]);
    expect(items.get('FLAGS')).toEqual([
      { type: 'ATOM', value: '\\Seen' },
      { type: 'ATOM', value: '$Label1' },
    ]);
    const envelope = items.get('ENVELOPE') as unknown[];
    expect(envelope[2]).toEqual([
      [
        { type: 'STRING', value: 'Aino "V"' },
        null,
        { type: 'STRING', value: 'aino' },
        { type: 'STRING', value: 'v.example' },
      ],
    ]);
    expect(envelope[3]).toBeNull();
    const header = items.get('BODY[HEADER.FIELDS (REFERENCES)]') as { type: string; value: Buffer };
    expect(header.type).toBe('LITERAL');
    expect(header.value.toString()).toBe('References: <a1@t>\r\n\r\n');
    expect(() => parseFetch(Buffer.from('* 4 FETCH (UID 4 FLAGS (\\Seen)'))).toThrow(ImapReplyError);
    const deep = `* 5 FETCH (UID 5 BODYSTRUCTURE ${'('.repeat(101)}${')'.repeat(101)})`;
    expect(() => parseFetch(Buffer.from(deep))).toThrow(/nested too deep/);
  });
});
