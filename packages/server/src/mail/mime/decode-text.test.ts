import { describe, expect, it } from 'vitest';
import { decodeText } from './decode-text.js';

describe('decodeText', () => {
  it('keeps valid UTF-8 and reads anything else as Windows-1252', () => {
    expect(decodeText(Buffer.from('Tere, € ja šokolaad', 'utf8'))).toBe('Tere, € ja šokolaad');
    expect(decodeText(Buffer.from([0x43, 0x61, 0x66, 0xe9, 0x20, 0x97, 0x20, 0x80]))).toBe('Café — €');
  });
});
