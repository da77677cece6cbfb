import { describe, expect, it } from 'vitest';
import { linkify } from './linkify';
import { splitQuotedText } from './quoted-text';

describe('linkify', () => {
  it('makes http, https and mailto links and leaves sentence punctuation outside', () => {
    expect(linkify('See https://example.com/a?b=1. Or mail mailto:bob@example.test, thanks')).toEqual([
      { kind: 'text', text: 'See ' },
      { kind: 'link', text: 'https://example.com/a?b=1', href: 'https://example.com/a?b=1' },
      { kind: 'text', text: '. Or mail ' },
      { kind: 'link', text: 'mailto:bob@example.test', href: 'mailto:bob@example.test' },
      { kind: 'text', text: ', thanks' },
    ]);
  });

  it('keeps a bracket the URL opened and drops one it did not', () => {
    expect(linkify('(https://en.wikipedia.org/wiki/Foo_(bar))')).toEqual([
      { kind: 'text', text: '(' },
      {
        kind: 'link',
        text: 'https://en.wikipedia.org/wiki/Foo_(bar)',
        href: 'https://en.wikipedia.org/wiki/Foo_(bar)',
      },
      { kind: 'text', text: ')' },
    ]);
  });

  it('never links other schemes', () => {
    expect(linkify('javascript:alert(1) data:text/html,x ftp://x.test')).toEqual([
      { kind: 'text', text: 'javascript:alert(1) data:text/html,x ftp://x.test' },
    ]);
  });
});

describe('splitQuotedText', () => {
  it('separates the reply from the quotation, keeping blank lines inside the quotation', () => {
    const text = 'Sounds good!\n\nOn Monday Bob wrote:\n> First line\n>\n\n> After a gap\n\n-- \nAlice';
    expect(splitQuotedText(text)).toEqual([
      { quoted: false, text: 'Sounds good!\n\nOn Monday Bob wrote:' },
      { quoted: true, text: '> First line\n>\n\n> After a gap' },
      { quoted: false, text: '-- \nAlice' },
    ]);
  });

  it('returns one empty block for empty text', () => {
    expect(splitQuotedText('')).toEqual([{ quoted: false, text: '' }]);
  });
});
