import type { IncomingMessage } from 'node:http';
import { describe, expect, it } from 'vitest';
import { applyMethodOverride } from './method-override.js';

const request = (method: string, url: string, headers: Record<string, string> = {}) =>
  ({ method, url, headers }) as unknown as IncomingMessage;

describe('method override', () => {
  it('routes a POST with the header or ?_method= as PATCH, PUT or DELETE, and drops _method from the URL', () => {
    const byHeader = request('POST', '/api/u/0/contacts/a', { 'x-http-method-override': 'patch' });
    expect(applyMethodOverride(byHeader)).toBe('/api/u/0/contacts/a');
    expect(byHeader.method).toBe('PATCH');
    for (const [url, rest] of [
      ['/x?_method=PATCH', '/x'],
      ['/x?_method=PATCH&a=1', '/x?a=1'],
      ['/x?a=1&_method=PATCH', '/x?a=1'],
      ['/x?a=1&_method=DELETE&b=2', '/x?a=1&b=2'],
    ] as const) {
      const r = request('POST', url);
      expect(applyMethodOverride(r)).toBe(rest);
      expect(r.method).not.toBe('POST');
    }
  });

  it('never turns another method into a change, nor a POST into GET', () => {
    const get = request('GET', '/x?_method=DELETE', { 'x-http-method-override': 'DELETE' });
    applyMethodOverride(get);
    expect(get.method).toBe('GET');
    const toGet = request('POST', '/x', { 'x-http-method-override': 'GET' });
    applyMethodOverride(toGet);
    expect(toGet.method).toBe('POST');
  });

  it('never throws on malformed percent-encoding: the request stays a POST', () => {
    for (const value of ['%', '%E0%A4%A', '%zz', '%%', '%C0', '%ED%A0%80', 'PATCH%', '%FF%FE']) {
      const r = request('POST', `/x?a=1&_method=${value}&b=2`);
      expect(applyMethodOverride(r)).toBe('/x?a=1&b=2');
      expect(r.method).toBe('POST');
    }
  });
});
