import type { AppEvent } from '@webmail/contracts';
import { act } from '@testing-library/react';
import { onTestFinished, vi } from 'vitest';

/**
 * A stand-in for the browser's EventSource (jsdom has none), with no network: the test opens, feeds and breaks
 * each stream by hand. `install()` puts it in place for one test and returns the streams the app opened.
 */
export class FakeEventSource {
  static readonly instances: FakeEventSource[] = [];
  readonly url: string;
  readonly withCredentials: boolean;
  onopen: ((event: Event) => void) | null = null;
  onmessage: ((event: MessageEvent<string>) => void) | null = null;
  onerror: ((event: Event) => void) | null = null;
  closed = false;
  private lastEventId = '';

  constructor(url: string, init?: EventSourceInit) {
    this.url = url;
    this.withCredentials = init?.withCredentials ?? false;
    FakeEventSource.instances.push(this);
  }

  close(): void {
    this.closed = true;
  }

  /** The server answered 200: the stream is open. */
  open(): void {
    act(() => this.onopen?.(new Event('open')));
  }

  /** One message; `id` as the server writes it for logged events (mail events have none). */
  send(event: AppEvent | Record<string, unknown>, id?: number): void {
    if (id !== undefined) this.lastEventId = String(id);
    const message = new MessageEvent('message', {
      data: JSON.stringify(event),
      lastEventId: this.lastEventId,
    });
    act(() => this.onmessage?.(message));
  }

  /** The connection broke (or could not be made). */
  fail(): void {
    act(() => this.onerror?.(new Event('error')));
  }
}

export function installFakeEventSource() {
  FakeEventSource.instances.length = 0;
  vi.stubGlobal('EventSource', FakeEventSource);
  onTestFinished(() => void vi.unstubAllGlobals());
  return {
    /** Every stream the app opened, oldest first. */
    all: FakeEventSource.instances,
    /** The stream opened last. */
    latest: (): FakeEventSource => {
      const last = FakeEventSource.instances.at(-1);
      if (!last) throw new Error('no EventSource was opened');
      return last;
    },
  };
}
