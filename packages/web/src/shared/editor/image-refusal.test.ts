import { describe, expect, it } from 'vitest';
import { sizeAndLimit } from './image-refusal';

describe('sizeAndLimit', () => {
  it('rounds sizes that read differently from the limit', () => {
    expect(sizeAndLimit(26_000_000, 20_971_520, 'en')).toEqual({ size: '24.80 MiB', limit: '20.00 MiB' });
  });

  it('gives exact bytes when rounding would print a file just over the limit as equal to it', () => {
    expect(sizeAndLimit(20_971_521, 20_971_520, 'en')).toEqual({
      size: '20,971,521 B',
      limit: '20,971,520 B',
    });
    expect(sizeAndLimit(512_001, 512_000, 'fi')).toEqual({
      size: `${new Intl.NumberFormat('fi').format(512_001)} B`,
      limit: `${new Intl.NumberFormat('fi').format(512_000)} B`,
    });
  });
});
