import type { UidRange } from './uid-set.js';

/**
 * A byte-level reader over one framed IMAP response: the line as imapflow's ImapStream assembled it, with
 * each literal's `{n}\r\n` marker left in place and the literal bytes apart in `literals`, in order.
 * No token objects and no strings except where a caller asks for one (raw-reply-parser.ts).
 */

export const SP = 0x20;
export const LPAREN = 0x28;
export const RPAREN = 0x29;
const DQUOTE = 0x22;
const LBRACKET = 0x5b;
const RBRACKET = 0x5d;
const BACKSLASH = 0x5c;
const LBRACE = 0x7b;
const RBRACE = 0x7d;
const CR = 0x0d;
const LF = 0x0a;
const COLON = 0x3a;
const COMMA = 0x2c;
const ZERO = 0x30;
const NINE = 0x39;
const maxUint32 = 4_294_967_295;
const maxDepth = 100;

export class ImapReplyError extends Error {
  constructor(message: string, payload: Buffer, at: number) {
    const near = payload.toString('latin1', Math.max(0, at - 20), Math.min(payload.length, at + 20));
    super(`${message} at byte ${at} (near ${JSON.stringify(near)})`);
    this.name = 'ImapReplyError';
  }
}

/** imapflow's parsed-token shape (see Reader.token). */
export type Token =
  { type: 'STRING' | 'ATOM'; value: string } | { type: 'LITERAL'; value: Buffer } | null | Token[];

export const isDigit = (c: number | undefined) => c !== undefined && c >= ZERO && c <= NINE;
export const endsAtom = (c: number | undefined) =>
  c === undefined || c === SP || c === LPAREN || c === RPAREN;

export class Reader {
  pos = 0;
  private literal = 0;

  constructor(
    private readonly buf: Buffer,
    private readonly literals: readonly Buffer[],
  ) {}

  get done(): boolean {
    return this.pos >= this.buf.length;
  }

  peek(): number | undefined {
    return this.buf[this.pos];
  }

  fail(what: string): never {
    throw new ImapReplyError(what, this.buf, this.pos);
  }

  expect(byte: number, what: string): void {
    if (this.buf[this.pos] !== byte) this.fail(`expected ${what}`);
    this.pos += 1;
  }

  skipSpaces(): void {
    while (this.buf[this.pos] === SP) this.pos += 1;
  }

  /** A number up to 2^32 − 1 (UIDs, sequence numbers, counts). */
  number(): number {
    const start = this.pos;
    let value = 0;
    while (isDigit(this.buf[this.pos])) {
      value = value * 10 + (this.buf[this.pos]! - ZERO);
      this.pos += 1;
    }
    if (this.pos === start) this.fail('expected a number');
    if (value > maxUint32) this.fail('number out of range');
    return value;
  }

  /** Digits of any length, as text (MODSEQ is a 63-bit value). */
  digits(): string {
    const start = this.pos;
    while (isDigit(this.buf[this.pos])) this.pos += 1;
    if (this.pos === start) this.fail('expected a number');
    return this.buf.toString('latin1', start, this.pos);
  }

  atom(): string {
    const start = this.pos;
    while (!endsAtom(this.buf[this.pos])) this.pos += 1;
    if (this.pos === start) this.fail('expected an atom');
    return this.buf.toString('latin1', start, this.pos);
  }

  /** astring / nstring: quoted, literal `{n}\r\n` (bytes from `literals`) or atom. */
  string(): string {
    const c = this.peek();
    if (c === DQUOTE) return this.quoted();
    if (c !== LBRACE) return this.atom();
    return this.literalBytes().toString('utf8');
  }

  /** `{n}\r\n`: the next literal's bytes, checked against the announced size. */
  literalBytes(): Buffer {
    this.expect(LBRACE, '{');
    const size = this.number();
    this.expect(RBRACE, '}');
    if (this.peek() === CR) this.pos += 1;
    this.expect(LF, 'a line break after the literal size');
    const bytes = this.literals[this.literal];
    if (!bytes || bytes.length !== size) this.fail(`literal ${this.literal} of ${size} bytes is missing`);
    this.literal += 1;
    return bytes;
  }

  /**
   * A FETCH data item name: an atom that may carry a section with spaces and parentheses,
   * `BODY[HEADER.FIELDS (REFERENCES)]`, and a partial `<0>`.
   */
  itemName(): string {
    const start = this.pos;
    let depth = 0;
    for (;;) {
      const c = this.buf[this.pos];
      if (c === undefined || (depth === 0 && endsAtom(c))) break;
      if (c === LBRACKET) depth += 1;
      if (c === RBRACKET) depth -= 1;
      this.pos += 1;
    }
    if (this.pos === start) this.fail('expected a FETCH item');
    return this.buf.toString('latin1', start, this.pos);
  }

  /**
   * Any value in imapflow's token shape, which its envelope and body-structure readers take: lists as
   * arrays, NIL as null, `{type: 'STRING', value}` for quoted text (UTF-8), `{type: 'LITERAL', value:
   * Buffer}`, `{type: 'ATOM', value}` for atoms and numbers.
   */
  token(depth = 0): Token {
    const c = this.peek();
    if (c === LPAREN) {
      // Real BODYSTRUCTUREs nest a few levels; a hostile one could nest until the stack overflows.
      if (depth >= maxDepth) this.fail('lists nested too deep');
      this.pos += 1;
      const items: Token[] = [];
      for (;;) {
        this.skipSpaces();
        if (this.peek() === RPAREN) break;
        if (this.done) this.fail('unbalanced parentheses');
        items.push(this.token(depth + 1));
      }
      this.pos += 1;
      return items;
    }
    if (c === DQUOTE) return { type: 'STRING', value: this.quoted() };
    if (c === LBRACE) return { type: 'LITERAL', value: this.literalBytes() };
    // NIL, most of an envelope and a body structure, is read from its bytes: no string to throw away.
    if (this.nil()) return null;
    return { type: 'ATOM', value: this.atom() };
  }

  /** `NIL` (any case) as a whole atom here: skipped, true. */
  private nil(): boolean {
    const b = this.buf;
    const p = this.pos;
    if ((b[p]! | 0x20) !== 0x6e || (b[p + 1]! | 0x20) !== 0x69 || (b[p + 2]! | 0x20) !== 0x6c) return false;
    if (!endsAtom(b[p + 3])) return false;
    this.pos = p + 3;
    return true;
  }

  private quoted(): string {
    this.pos += 1;
    let out = '';
    let start = this.pos;
    for (;;) {
      const c = this.buf[this.pos];
      if (c === undefined) this.fail('unterminated quoted string');
      if (c === DQUOTE) break;
      if (c === BACKSLASH) {
        out += this.buf.toString('utf8', start, this.pos);
        this.pos += 1;
        start = this.pos;
      }
      this.pos += 1;
    }
    out += this.buf.toString('utf8', start, this.pos);
    this.pos += 1;
    return out;
  }

  /** `1:5,7,10:8` as written (an ESORT result keeps its order inside runs). No `*` in replies. */
  sequenceSet(): UidRange[] {
    const runs: UidRange[] = [];
    for (;;) {
      const first = this.number();
      let last = first;
      if (this.peek() === COLON) {
        this.pos += 1;
        last = this.number();
      }
      if (first === 0 || last === 0) this.fail('0 in a sequence set');
      runs.push([first, last]);
      if (this.peek() !== COMMA) return runs;
      this.pos += 1;
    }
  }

  /** Skips one value of an unknown ESEARCH item: atom, number, string or a parenthesized list. */
  skipValue(): void {
    if (this.peek() !== LPAREN) {
      this.string();
      return;
    }
    let depth = 0;
    do {
      const c = this.peek();
      if (c === undefined) this.fail('unbalanced parentheses');
      if (c === LPAREN) depth += 1;
      if (c === RPAREN) depth -= 1;
      if (c === DQUOTE || c === LBRACE) this.string();
      else this.pos += 1;
    } while (depth > 0);
  }

  /** `* KEYWORD` at the start of the line; numeric prefixes (`* 5 FETCH`) are not expected here. */
  head(keyword: string): void {
    this.expect(0x2a, '*');
    this.expect(SP, 'a space');
    if (this.atom().toUpperCase() !== keyword) this.fail(`expected ${keyword}`);
  }
}
