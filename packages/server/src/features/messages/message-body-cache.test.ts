import { describe, expect, it } from 'vitest';
import { MessageBodyCache, type MessageBodyKey } from './message-body-cache.js';

const key = (over: Partial<MessageBodyKey> = {}): MessageBodyKey => ({
  account: 'anna@example.test',
  path: 'INBOX',
  uidValidity: '7',
  uid: 42,
  parts: ['1.2'],
  proxyStamp: null,
  ...over,
});
const body = (html: string, text: string | null = null) => ({
  sanitized: { html, remoteContent: 'none' as const },
  text,
});

describe('MessageBodyCache', () => {
  it('returns what was stored under the same key', () => {
    const cache = new MessageBodyCache();
    cache.set(key(), body('<p>hi</p>'));
    expect(cache.get(key())).toEqual(body('<p>hi</p>'));
  });

  it('keeps users, folders, UIDVALIDITY, UIDs, parts and remote-content decisions apart', () => {
    const cache = new MessageBodyCache();
    cache.set(key(), body('<p>anna</p>'));
    for (const other of [
      { account: 'bert@example.test' },
      { path: 'Archive' },
      { uidValidity: '8' },
      { uid: 43 },
      { parts: ['1.2', '1.3'] },
      { parts: ['1'] },
      { proxyStamp: '/api/image-proxy?url=x&exp=1&sig=a' },
    ]) {
      expect(cache.get(key(other))).toBeUndefined();
    }
    cache.set(key({ proxyStamp: 'a' }), {
      sanitized: { html: '<img src="a">', remoteContent: 'shown' },
      text: null,
    });
    expect(cache.get(key({ proxyStamp: 'b' }))).toBeUndefined();
    expect(cache.get(key({ proxyStamp: 'a' }))?.sanitized?.remoteContent).toBe('shown');
    expect(cache.get(key())?.sanitized?.html).toBe('<p>anna</p>');
  });

  it('drops the least recently used entries beyond its size', () => {
    const cache = new MessageBodyCache(40_000);
    const big = 'x'.repeat(4_000); // ~8 KB each
    for (const uid of [1, 2, 3, 4]) cache.set(key({ uid }), body(big));
    expect(cache.get(key({ uid: 1 }))).toBeDefined(); // 1 is now the most recently used
    cache.set(key({ uid: 5 }), body(big));
    expect(cache.get(key({ uid: 2 }))).toBeUndefined();
    for (const uid of [1, 3, 4, 5]) expect(cache.get(key({ uid }))).toBeDefined();
    expect(cache.bytes).toBeLessThanOrEqual(40_000);
  });

  it('does not keep one body larger than a quarter of its size, and replaces an entry in place', () => {
    const cache = new MessageBodyCache(40_000);
    cache.set(key(), body('x'.repeat(6_000)));
    expect(cache.get(key())).toBeUndefined();
    cache.set(key(), body('a'));
    cache.set(key(), body('b'));
    expect(cache.size).toBe(1);
    expect(cache.get(key())?.sanitized?.html).toBe('b');
  });

  it('counts the plain text too: a text-only body is kept, and a long one is not', () => {
    const cache = new MessageBodyCache(40_000);
    cache.set(key(), { sanitized: null, text: 'plain' });
    expect(cache.get(key())).toEqual({ sanitized: null, text: 'plain' });
    cache.set(key({ uid: 2 }), body('a', 'x'.repeat(6_000)));
    expect(cache.get(key({ uid: 2 }))).toBeUndefined();
  });
});
