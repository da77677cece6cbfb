import { describe, expect, it } from 'vitest';
import { htmlLines, htmlToText } from './html-text';

describe('rich text as lines', () => {
  it.each([
    ['<p>Alice Tamm</p><p>Acme Oy</p>', ['Alice Tamm', 'Acme Oy']],
    ['Alice Tamm<br>Acme Oy<br/>+358 40 123', ['Alice Tamm', 'Acme Oy', '+358 40 123']],
    ['<div>Alice  Tamm</div><div><b>Acme</b> Oy</div>', ['Alice Tamm', 'Acme Oy']],
    ['<ul><li>one</li><li>two</li></ul>', ['one', 'two']],
    ['<h2>Alice</h2><p></p><p> </p><p>Acme</p>', ['Alice', 'Acme']],
    ['<p>just one line</p>', ['just one line']],
    ['', []],
  ])('%s', (html, lines) => {
    expect(htmlLines(html)).toEqual(lines);
  });

  it('keeps the plain text of paragraphs and line breaks as before', () => {
    expect(htmlToText('<p>Alice Tamm</p><p>Acme Oy</p>')).toBe('Alice Tamm\nAcme Oy');
    expect(htmlToText('a<br>b')).toBe('a\nb');
  });
});
