import { describe, expect, it } from 'vitest';
import { checkInlineImage } from './inline-image-check';

describe('checkInlineImage (an image for the body)', () => {
  it('refuses TIFF and over-512,000-byte inline images', () => {
    expect(checkInlineImage({ name: 'scan.tif', type: 'image/tiff', size: 10 }, 0)).toEqual({
      kind: 'inlineType',
      type: 'image/tiff',
    });
    expect(checkInlineImage({ name: 'p.png', type: 'image/png', size: 512_001 }, 0)).toEqual({
      kind: 'inlineTooLarge',
      limit: 512_000,
    });
    expect(checkInlineImage({ name: 'p.png', type: 'image/png', size: 512_000 }, 0)).toBeNull();
    expect(checkInlineImage({ name: 'a.txt', type: 'text/plain', size: 1 }, 0)).toEqual({
      kind: 'notAnImage',
    });
  });
});
