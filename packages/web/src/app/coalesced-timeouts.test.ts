import { QueryClient, QueryObserver, timeoutManager } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { coalescedTimeouts } from './coalesced-timeouts';

describe('coalescedTimeouts', () => {
  beforeEach(() => vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] }));
  afterEach(() => vi.useRealTimers());

  const timeouts = () => coalescedTimeouts(() => Date.now());
  /** The wake-up is set once the running code is done (a microtask). */
  const settle = () => Promise.resolve();

  it('runs each callback when it is due, in the order due and, at the same time, in the order set', async () => {
    const provider = timeouts();
    const ran: string[] = [];
    provider.setTimeout(() => ran.push('c'), 300);
    provider.setTimeout(() => ran.push('a'), 100);
    provider.setTimeout(() => ran.push('b1'), 200);
    provider.setTimeout(() => ran.push('b2'), 200);
    await settle();

    await vi.advanceTimersByTimeAsync(99);
    expect(ran).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    expect(ran).toEqual(['a']);
    await vi.advanceTimersByTimeAsync(100);
    expect(ran).toEqual(['a', 'b1', 'b2']);
    await vi.advanceTimersByTimeAsync(100);
    expect(ran).toEqual(['a', 'b1', 'b2', 'c']);
  });

  it('sets one browser timer for the timeouts set in one run of code, however they are ordered', async () => {
    const provider = timeouts();
    const ran = vi.fn();
    for (let delay = 30_000; delay > 29_000; delay -= 50) provider.setTimeout(ran, delay);
    provider.setTimeout(ran, 86_400_000);
    await settle();
    expect(vi.getTimerCount()).toBe(1);

    // A later one adds none; an earlier one moves the wake-up, and still one is set.
    provider.setTimeout(ran, 40_000);
    provider.setTimeout(ran, 1_000);
    await settle();
    expect(vi.getTimerCount()).toBe(1);
    await vi.advanceTimersByTimeAsync(1_000);
    expect(ran).toHaveBeenCalledOnce();
    expect(vi.getTimerCount()).toBe(1);
    await vi.advanceTimersByTimeAsync(29_000);
    expect(ran).toHaveBeenCalledTimes(21);
  });

  it('does not run a cleared timeout, also one cleared by a callback due at the same time', async () => {
    const provider = timeouts();
    const ran: string[] = [];
    const cleared = provider.setTimeout(() => ran.push('cleared'), 100);
    provider.clearTimeout(cleared);
    let second = 0;
    provider.setTimeout(() => {
      ran.push('first');
      provider.clearTimeout(second);
    }, 200);
    second = provider.setTimeout(() => ran.push('second'), 200);
    provider.setTimeout(() => ran.push('third'), 300);
    await settle();

    await vi.advanceTimersByTimeAsync(300);
    expect(ran).toEqual(['first', 'third']);
  });

  it('runs a timeout set by a callback, also one due before the others left', async () => {
    const provider = timeouts();
    const ran: string[] = [];
    provider.setTimeout(() => {
      ran.push('first');
      provider.setTimeout(() => ran.push('set by first'), 10);
    }, 100);
    provider.setTimeout(() => ran.push('later'), 500);
    await settle();

    await vi.advanceTimersByTimeAsync(110);
    expect(ran).toEqual(['first', 'set by first']);
    await vi.advanceTimersByTimeAsync(390);
    expect(ran).toEqual(['first', 'set by first', 'later']);
  });

  it('runs an interval every period until it is cleared, beside the timeouts on the same wake-up', async () => {
    const provider = timeouts();
    const ticks: number[] = [];
    const start = Date.now();
    const interval = provider.setInterval(() => ticks.push(Date.now() - start), 1_000);
    provider.setTimeout(() => {}, 60_000);
    await settle();
    expect(vi.getTimerCount()).toBe(1);

    await vi.advanceTimersByTimeAsync(3_500);
    expect(ticks).toEqual([1_000, 2_000, 3_000]);
    provider.clearInterval(interval);
    await vi.advanceTimersByTimeAsync(3_000);
    expect(ticks).toEqual([1_000, 2_000, 3_000]);
  });

  it('reports a callback that throws and still runs the others', async () => {
    const provider = timeouts();
    const reported = vi.fn();
    vi.stubGlobal('reportError', reported);
    const ran: string[] = [];
    provider.setTimeout(() => {
      throw new Error('broken');
    }, 100);
    provider.setTimeout(() => ran.push('after'), 100);
    await settle();

    await vi.advanceTimersByTimeAsync(100);
    expect(ran).toEqual(['after']);
    expect(reported).toHaveBeenCalledWith(new Error('broken'));
    vi.unstubAllGlobals();
  });

  it('waits out a delay longer than a browser timer takes', async () => {
    const provider = timeouts();
    const ran = vi.fn();
    const thirtyDays = 30 * 86_400_000;
    provider.setTimeout(ran, thirtyDays);
    await settle();

    await vi.advanceTimersByTimeAsync(2 ** 31 - 1);
    expect(ran).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(thirtyDays - (2 ** 31 - 1));
    expect(ran).toHaveBeenCalledOnce();
  });

  it("keeps TanStack Query's times: a query's data turns stale and an unused query is collected", async () => {
    timeoutManager.setTimeoutProvider(timeouts());
    try {
      const client = new QueryClient({ defaultOptions: { queries: { staleTime: 1_000, gcTime: 5_000 } } });
      client.setQueryData(['answer'], 42);
      const observer = new QueryObserver(client, { queryKey: ['answer'], queryFn: () => 42 });
      const seen: boolean[] = [];
      const unsubscribe = observer.subscribe((result) => seen.push(result.isStale));
      expect(observer.getCurrentResult().isStale).toBe(false);

      await vi.advanceTimersByTimeAsync(1_001);
      expect(seen).toEqual([true]);
      unsubscribe();
      await vi.advanceTimersByTimeAsync(4_999);
      expect(client.getQueryCache().find({ queryKey: ['answer'] })).toBeDefined();
      await vi.advanceTimersByTimeAsync(2);
      expect(client.getQueryCache().find({ queryKey: ['answer'] })).toBeUndefined();
    } finally {
      timeoutManager.setTimeoutProvider({
        setTimeout: (callback, delay) => setTimeout(callback, delay),
        clearTimeout: (id) => clearTimeout(id),
        setInterval: (callback, delay) => setInterval(callback, delay),
        clearInterval: (id) => clearInterval(id),
      });
    }
  });
});
