import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useDebouncedValue } from './use-debounced-value';

describe('useDebouncedValue (recipient search: 250 ms, max wait 1000 ms)', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('settles 250 ms after the last change', () => {
    const { result, rerender } = renderHook(({ value }) => useDebouncedValue(value, 250, 1000), {
      initialProps: { value: '' },
    });
    rerender({ value: 'b' });
    act(() => vi.advanceTimersByTime(100));
    rerender({ value: 'bo' });
    act(() => vi.advanceTimersByTime(249));
    expect(result.current).toBe('');
    act(() => vi.advanceTimersByTime(1));
    expect(result.current).toBe('bo');
  });

  it('settles at the latest 1000 ms after typing began, while it goes on', () => {
    const { result, rerender } = renderHook(({ value }) => useDebouncedValue(value, 250, 1000), {
      initialProps: { value: '' },
    });
    let typed = '';
    for (let i = 0; i < 5; i += 1) {
      typed += 'x';
      rerender({ value: typed });
      act(() => vi.advanceTimersByTime(200));
    }
    // 1000 ms after the first keystroke the value in effect then is taken, although typing never paused.
    expect(result.current).toBe('xxxxx');
  });
});
