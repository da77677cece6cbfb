import { describe, expect, it } from 'vitest';
import { htmlToText } from './html-to-text.js';

describe('htmlToText', () => {
  it('keeps paragraphs, breaks, lists, links and quotes readable', () => {
    const text = htmlToText(
      '<p>Tere, <b>Mari</b>!</p><p>Line one<br>line two</p>' +
        '<ul><li>apples</li><li>pears</li></ul><ol><li>first</li><li>second</li></ol>' +
        '<p><a href="https://example.org/x">the report</a> and <a href="mailto:a@b.ee">a@b.ee</a></p>' +
        '<blockquote><p>Quoted</p><blockquote><p>Deeper</p></blockquote></blockquote>' +
        '<script>alert(1)</script><style>p{}</style><img alt="logo" src="cid:x">',
    );
    expect(text).toBe(
      [
        'Tere, Mari!',
        '',
        'Line one',
        'line two',
        '',
        '- apples',
        '- pears',
        '',
        '1. first',
        '2. second',
        '',
        'the report <https://example.org/x> and a@b.ee',
        '',
        '> Quoted',
        '>',
        '> > Deeper',
        'logo',
      ].join('\n'),
    );
  });

  it('returns an empty string for an empty body', () => {
    expect(htmlToText('<p></p>')).toBe('');
  });
});
