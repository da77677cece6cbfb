import { describe, expect, it } from 'vitest';
import { cleanMediaType } from './content-type.js';

describe('cleanMediaType', () => {
  it.each([
    ['image/png', 'image/png'],
    ['IMAGE/PNG', 'image/png'],
    [' text/html ; charset=utf-8', 'text/html'],
    [
      'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
      'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
    ],
    ['application/ld+json', 'application/ld+json'],
  ])('keeps %s as %s', (value, clean) => expect(cleanMediaType(value)).toBe(clean));

  it.each([
    'image/png日本',
    'bogus',
    '',
    '/png',
    'image/',
    'image/png/x',
    '"><script>',
    'text/plain\r\nX-Injected: 1',
    `text/${'x'.repeat(300)}`,
  ])('refuses %j', (value) => expect(cleanMediaType(value)).toBeNull());

  it('refuses nothing at all', () => {
    expect(cleanMediaType(undefined)).toBeNull();
    expect(cleanMediaType(null)).toBeNull();
  });
});
