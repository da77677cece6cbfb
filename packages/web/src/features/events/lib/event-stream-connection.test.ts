import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FakeEventSource, installFakeEventSource } from '../event-source.testing';
import { openEventStream, type StreamStatus } from './event-stream-connection';

function start() {
  const sources = installFakeEventSource();
  const statuses: StreamStatus[] = [];
  const messages: string[] = [];
  const beforeReconnect = vi.fn(() => Promise.resolve());
  const stream = openEventStream({
    url: (id) => (id ? `/api/u/0?lastEventId=${id}` : '/api/u/0'),
    connect: (url) => new FakeEventSource(url),
    onMessage: (data) => messages.push(data),
    onStatus: (status) => statuses.push(status),
    beforeReconnect,
  });
  return { sources, statuses, messages, beforeReconnect, stream };
}

describe('openEventStream', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('reopens 5 s after an error, resuming after the last logged event', async () => {
    const { sources, statuses, messages, beforeReconnect } = start();
    expect(sources.latest().url).toBe('/api/u/0');
    sources.latest().open();
    sources.latest().send({ command: 'folderOrder' }, 7);
    // A mail event carries no id: the last logged one still counts.
    sources.latest().send({ command: 'EXPUNGE', mailboxId: 'a', uids: [1] });
    expect(messages).toHaveLength(2);

    const broken = sources.latest();
    broken.fail();
    expect(broken.closed).toBe(true);
    expect(statuses.at(-1)).toEqual({ kind: 'retrying', retry: 1 });
    await vi.advanceTimersByTimeAsync(4999);
    expect(sources.all).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(beforeReconnect).toHaveBeenCalledTimes(1);
    expect(sources.all).toHaveLength(2);
    expect(sources.latest().url).toBe('/api/u/0?lastEventId=7');

    sources.latest().open();
    expect(statuses.at(-1)).toEqual({ kind: 'open', recovered: true });
  });

  it('gives up after the fifth failed retry, and starts over on restart', async () => {
    const { sources, statuses, stream } = start();
    sources.latest().open();
    expect(statuses).toEqual([{ kind: 'open', recovered: false }]);
    sources.latest().fail();
    for (let retry = 1; retry <= 5; retry += 1) {
      expect(statuses.at(-1)).toEqual({ kind: 'retrying', retry });
      await vi.advanceTimersByTimeAsync(5000);
      sources.latest().fail();
    }
    expect(sources.all).toHaveLength(6);
    expect(statuses.at(-1)).toEqual({ kind: 'failed' });
    await vi.advanceTimersByTimeAsync(60_000);
    expect(sources.all).toHaveLength(6);

    stream.restart();
    await vi.advanceTimersByTimeAsync(0);
    expect(sources.all).toHaveLength(7);
    sources.latest().fail();
    expect(statuses.at(-1)).toEqual({ kind: 'retrying', retry: 1 });
  });

  it('counts retries afresh once a reconnect succeeds', async () => {
    const { sources, statuses } = start();
    for (let round = 0; round < 3; round += 1) {
      sources.latest().fail();
      await vi.advanceTimersByTimeAsync(5000);
      sources.latest().fail();
      await vi.advanceTimersByTimeAsync(5000);
      sources.latest().open();
    }
    expect(statuses.filter((s) => s.kind === 'failed')).toEqual([]);
    expect(statuses.at(-1)).toEqual({ kind: 'open', recovered: true });
  });

  it('stays closed once stopped', async () => {
    const { sources, stream } = start();
    sources.latest().fail();
    stream.stop();
    await vi.advanceTimersByTimeAsync(30_000);
    expect(sources.all).toHaveLength(1);
  });
});

describe('a stream refused for load (429 with Retry-After)', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  function startBusy(answers: Array<number | null>) {
    const sources = installFakeEventSource();
    const statuses: StreamStatus[] = [];
    const busyFor = vi.fn((url: string) => {
      void url;
      return Promise.resolve(answers.shift() ?? null);
    });
    openEventStream({
      url: () => '/api/u/0',
      connect: (url) => new FakeEventSource(url),
      onMessage: () => undefined,
      onStatus: (status) => statuses.push(status),
      busyFor,
    });
    return { sources, statuses, busyFor };
  }

  it('waits as long as the server says, however often, and never gives up for it', async () => {
    const refusals = [30, 120, 7, 30, 30, 30, 30, 30];
    const { sources, statuses, busyFor } = startBusy([...refusals]);
    for (const [i, seconds] of refusals.entries()) {
      sources.latest().fail();
      await vi.advanceTimersByTimeAsync(0);
      expect(busyFor).toHaveBeenLastCalledWith('/api/u/0');
      expect(statuses.at(-1)).toEqual({ kind: 'waiting', seconds });
      await vi.advanceTimersByTimeAsync(seconds * 1000 - 1);
      expect(sources.all).toHaveLength(i + 1);
      await vi.advanceTimersByTimeAsync(1);
      expect(sources.all).toHaveLength(i + 2);
    }
    expect(statuses.some((s) => s.kind === 'failed' || s.kind === 'retrying')).toBe(false);
    sources.latest().open();
    expect(statuses.at(-1)).toEqual({ kind: 'open', recovered: true });
  });

  it('any other error before opening is an ordinary retry after 5 s; an error after opening asks nothing', async () => {
    const { sources, statuses, busyFor } = startBusy([null]);
    sources.latest().fail();
    await vi.advanceTimersByTimeAsync(0);
    expect(statuses.at(-1)).toEqual({ kind: 'retrying', retry: 1 });
    await vi.advanceTimersByTimeAsync(5000);
    expect(sources.all).toHaveLength(2);
    sources.latest().open();
    sources.latest().fail();
    expect(busyFor).toHaveBeenCalledTimes(1);
    expect(statuses.at(-1)).toEqual({ kind: 'retrying', retry: 1 });
  });
});
