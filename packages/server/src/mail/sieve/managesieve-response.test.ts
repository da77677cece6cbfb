import { describe, expect, it } from 'vitest';
import { literal, parseResponse } from './managesieve-response.js';

describe('ManageSieve response parser', () => {
  it('waits for the whole literal, even when it is the text of a NO', () => {
    const full = Buffer.from('NO {12}\r\nline 1: bad\n\r\nOK "next"\r\n');
    for (let cut = 0; cut < 21; cut += 1) expect(parseResponse(full.subarray(0, cut))).toBeNull();
    const response = parseResponse(full)!;
    expect(response).toMatchObject({ status: 'NO', code: null, text: 'line 1: bad\n', lines: [] });
    expect(full.subarray(response.consumed).toString()).toBe('OK "next"\r\n');
  });

  it('reads data lines, quoted escapes, response codes with arguments and non-synchronizing literals', () => {
    const response = parseResponse(
      Buffer.from('"a \\"b\\"" ACTIVE\r\n{3+}\r\nx\\y\r\nNO (QUOTA/MAXSIZE) "too big"\r\n'),
    )!;
    expect(response.lines).toEqual([['a "b"', { atom: 'ACTIVE' }], ['x\\y']]);
    expect(response).toMatchObject({ status: 'NO', code: 'QUOTA/MAXSIZE', text: 'too big' });
    expect(parseResponse(Buffer.from('OK (TAG "x") "done"\r\n'))).toMatchObject({
      code: 'TAG',
      text: 'done',
    });
  });

  it('sends strings as byte-counted literals', () => {
    expect(literal('ä"\r\n')).toBe('{5+}\r\nä"\r\n');
  });
});
