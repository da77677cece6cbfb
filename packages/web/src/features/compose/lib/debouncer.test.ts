import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createDebouncer } from './debouncer';

describe('createDebouncer (recipient search: 250 ms, max wait 1000 ms)', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('runs once, 250 ms after the last call', () => {
    const run = vi.fn();
    const debouncer = createDebouncer(run, 250, 1000);
    debouncer.schedule();
    vi.advanceTimersByTime(200);
    debouncer.schedule();
    vi.advanceTimersByTime(249);
    expect(run).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(run).toHaveBeenCalledTimes(1);
  });

  it('runs at the latest 1000 ms after the first call while calls keep coming', () => {
    const run = vi.fn();
    const debouncer = createDebouncer(run, 250, 1000);
    for (let elapsed = 0; elapsed < 1000; elapsed += 100) {
      debouncer.schedule();
      vi.advanceTimersByTime(100);
    }
    expect(run).toHaveBeenCalledTimes(1);
  });

  it('flushes a pending call at once and cancels one', () => {
    const run = vi.fn();
    const debouncer = createDebouncer(run, 250, 1000);
    debouncer.flush();
    expect(run).not.toHaveBeenCalled();
    debouncer.schedule();
    debouncer.flush();
    expect(run).toHaveBeenCalledTimes(1);
    debouncer.schedule();
    debouncer.cancel();
    vi.advanceTimersByTime(2000);
    expect(run).toHaveBeenCalledTimes(1);
  });
});
