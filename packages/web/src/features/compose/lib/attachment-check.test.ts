import { composeLimits } from '@webmail/contracts';
import { describe, expect, it } from 'vitest';
import { checkAttachment, dataImageBytes } from './attachment-check';

const attach = { currentBytes: 0, currentCount: 0 };

describe('checkAttachment (composer limits)', () => {
  it('accepts a file at exactly the limit and refuses one byte more', () => {
    const file = { name: 'a.pdf', type: 'application/pdf', size: composeLimits.attachmentMaxBytes };
    expect(checkAttachment(file, attach)).toBeNull();
    expect(checkAttachment({ ...file, size: file.size + 1 }, attach)).toEqual({
      kind: 'tooLarge',
      limit: 20_971_520,
    });
  });

  it('refuses a file that would make the whole message too large', () => {
    const file = { name: 'b.zip', type: 'application/zip', size: 10_000_000 };
    expect(checkAttachment(file, { ...attach, currentBytes: 20_000_000 })).toEqual({
      kind: 'messageTooLarge',
      limit: 26_214_400,
    });
  });

  it('counts the bytes of data: images in the body', () => {
    expect(
      dataImageBytes('<img src="data:image/png;base64,AAAA"><img src="data:image/gif;base64,AAAAAAAA">'),
    ).toBe(9);
  });
});
