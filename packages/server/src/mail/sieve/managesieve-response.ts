/**
 * The response grammar of ManageSieve (RFC 5804 §4): lines of tokens — atoms, quoted strings, literals `{N}` /
 * `{N+}` followed by CRLF and N octets, and parenthesized response codes — ending with a line that starts with
 * `OK`, `NO` or `BYE`. Parsing is retried from the start of the buffer each time more data arrives: replies are
 * small (a script is at most the server's `MAXSCRIPTSIZE`), so simplicity wins over an incremental parser.
 */

export type SieveToken = string | SieveToken[] | { atom: string };

export interface SieveResponse {
  /** The lines before the status line (LISTSCRIPTS entries, GETSCRIPT's literal, capabilities). */
  lines: SieveToken[][];
  status: 'OK' | 'NO' | 'BYE';
  /** The response code, e.g. `NONEXISTENT`, `QUOTA/MAXSIZE`, `TAG "x"`: its atom, upper-cased; null if none. */
  code: string | null;
  /** The human-readable text after the code (quoted string or literal), or ''. */
  text: string;
  /** Bytes of the buffer this response used. */
  consumed: number;
}

class Incomplete extends Error {}

/** Parses one complete response from the start of `buf`, or returns null when more data is needed. */
export function parseResponse(buf: Buffer): SieveResponse | null {
  let pos = 0;
  const lines: SieveToken[][] = [];
  try {
    for (;;) {
      const [line, next] = parseLine(buf, pos);
      pos = next;
      const first = line[0];
      if (typeof first === 'object' && !Array.isArray(first)) {
        const word = first.atom.toUpperCase();
        if (word === 'OK' || word === 'NO' || word === 'BYE') {
          let i = 1;
          let code: string | null = null;
          const codeToken = line[i];
          if (Array.isArray(codeToken)) {
            code =
              codeToken
                .map((t) => (typeof t === 'object' && !Array.isArray(t) ? t.atom : ''))
                .join(' ')
                .trim()
                .toUpperCase() || null;
            i += 1;
          }
          const textToken = line[i];
          const text = typeof textToken === 'string' ? textToken : '';
          return { lines, status: word, code, text, consumed: pos };
        }
      }
      lines.push(line);
    }
  } catch (err) {
    if (err instanceof Incomplete) return null;
    throw err;
  }
}

const CR = 0x0d;
const LF = 0x0a;

function parseLine(buf: Buffer, start: number): [SieveToken[], number] {
  const tokens: SieveToken[] = [];
  let pos = start;
  const stack: SieveToken[][] = [tokens];
  for (;;) {
    if (pos >= buf.length) throw new Incomplete();
    const c = buf[pos]!;
    const top = stack[stack.length - 1]!;
    if (c === CR) {
      if (pos + 1 >= buf.length) throw new Incomplete();
      if (buf[pos + 1] !== LF) throw new Error('ManageSieve: CR without LF in a response');
      if (stack.length !== 1) throw new Error('ManageSieve: unbalanced parentheses in a response');
      return [tokens, pos + 2];
    }
    if (c === LF) {
      // Lenient: a bare LF ends a line too (some servers send it after literals).
      return [tokens, pos + 1];
    }
    if (c === 0x20) {
      pos += 1;
    } else if (c === 0x28 /* ( */) {
      const list: SieveToken[] = [];
      top.push(list);
      stack.push(list);
      pos += 1;
    } else if (c === 0x29 /* ) */) {
      stack.pop();
      pos += 1;
    } else if (c === 0x22 /* " */) {
      const [value, next] = parseQuoted(buf, pos + 1);
      top.push(value);
      pos = next;
    } else if (c === 0x7b /* { */) {
      const [value, next] = parseLiteral(buf, pos);
      top.push(value);
      pos = next;
    } else {
      let end = pos;
      while (end < buf.length && ![0x20, CR, LF, 0x28, 0x29].includes(buf[end]!)) end += 1;
      if (end >= buf.length) throw new Incomplete();
      top.push({ atom: buf.toString('latin1', pos, end) });
      pos = end;
    }
  }
}

/** A quoted string: `\"` and `\\` are its only escapes (RFC 5804 §4). */
function parseQuoted(buf: Buffer, start: number): [string, number] {
  const bytes: number[] = [];
  let pos = start;
  for (;;) {
    if (pos >= buf.length) throw new Incomplete();
    const c = buf[pos]!;
    if (c === 0x5c /* \ */) {
      if (pos + 1 >= buf.length) throw new Incomplete();
      bytes.push(buf[pos + 1]!);
      pos += 2;
    } else if (c === 0x22) {
      return [Buffer.from(bytes).toString('utf8'), pos + 1];
    } else {
      bytes.push(c);
      pos += 1;
    }
  }
}

/**
 * `{N}` or `{N+}` CRLF, then N octets. Quirk: servers send literals not only in data lines but also as the text
 * of `NO`/`OK`/`BYE` (Dovecot puts CHECKSCRIPT's multi-line error report there); reading it is what keeps the
 * client in step with the server.
 */
function parseLiteral(buf: Buffer, start: number): [string, number] {
  const close = buf.indexOf(0x7d /* } */, start);
  if (close < 0) throw new Incomplete();
  const spec = buf.toString('latin1', start + 1, close).replace(/\+$/, '');
  if (!/^\d+$/.test(spec)) throw new Error('ManageSieve: malformed literal length');
  const length = Number(spec);
  let pos = close + 1;
  if (pos + 1 >= buf.length) throw new Incomplete();
  if (buf[pos] === CR) pos += 1;
  if (buf[pos] !== LF) throw new Error('ManageSieve: literal length not followed by CRLF');
  pos += 1;
  if (pos + length > buf.length) throw new Incomplete();
  return [buf.toString('utf8', pos, pos + length), pos + length];
}

/** A string argument for a command: always a non-synchronizing literal, so any text (quotes, CRLF) is safe. */
export function literal(value: string): string {
  return `{${Buffer.byteLength(value, 'utf8')}+}\r\n${value}`;
}
