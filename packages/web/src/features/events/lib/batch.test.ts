import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createBatch } from './batch';

describe('createBatch', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('hands over a burst together, 500 ms after its last item', () => {
    const flushed: number[][] = [];
    const batch = createBatch<number>((items) => flushed.push(items));
    batch.add(1);
    vi.advanceTimersByTime(300);
    batch.add(2);
    vi.advanceTimersByTime(499);
    expect(flushed).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(flushed).toEqual([[1, 2]]);
  });

  it('never waits longer than 5 s after the first item of a steady trickle', () => {
    const flushed: number[][] = [];
    const batch = createBatch<number>((items) => flushed.push(items));
    for (let i = 0; i < 14; i += 1) {
      batch.add(i);
      vi.advanceTimersByTime(400);
    }
    expect(flushed).toHaveLength(1);
    expect(flushed[0]).toHaveLength(13); // 0 … 12 within the first 5 s
  });

  it('drops what waits when disposed', () => {
    const onFlush = vi.fn();
    const batch = createBatch<number>(onFlush);
    batch.add(1);
    batch.dispose();
    batch.add(2);
    vi.advanceTimersByTime(10_000);
    expect(onFlush).not.toHaveBeenCalled();
  });
});
