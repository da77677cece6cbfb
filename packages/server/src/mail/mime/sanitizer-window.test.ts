import { JSDOM } from 'jsdom';
import { describe, expect, it } from 'vitest';
import { sanitizerWindow } from './sanitizer-window.js';

const styled = (document: Document) => {
  const p = document.createElement('p');
  p.setAttribute('style', 'color: red; margin: 0 1px');
  return p;
};

describe('sanitizerWindow', () => {
  it('keeps style attributes as written without parsing them into element.style', () => {
    const window = sanitizerWindow();
    const p = styled(window.document);
    expect(p.getAttribute('style')).toBe('color: red; margin: 0 1px');
    expect(p.style.length).toBe(0);
    const parsed = new window.DOMParser().parseFromString('<p style="color: red">x</p>', 'text/html');
    expect(parsed.body.innerHTML).toBe('<p style="color: red">x</p>');
    expect(parsed.querySelector('p')!.style.length).toBe(0);
  });

  it('builds text as before, has no MutationObserver, and keeps ranges right', () => {
    const window = sanitizerWindow();
    expect('MutationObserver' in window).toBe(false);
    const parsed = new window.DOMParser().parseFromString(
      '<p>one two &amp; three</p><style>p { color: red }</style>',
      'text/html',
    );
    expect(parsed.body.innerHTML).toBe('<p>one two &amp; three</p><style>p { color: red }</style>');
    expect(parsed.querySelector('p')!.childNodes).toHaveLength(1);
    // A text node a Range points into takes jsdom's full path, which moves the range.
    const text = parsed.querySelector('p')!.firstChild as Text;
    const range = parsed.createRange();
    range.setStart(text, 4);
    range.setEnd(text, 7);
    text.data = 'one';
    expect([range.startOffset, range.endOffset]).toEqual([0, 0]);
  });

  it('leaves other jsdom windows as they are', () => {
    sanitizerWindow();
    const { window } = new JSDOM('');
    const p = styled(window.document);
    expect(p.style.color).toBe('red');
    expect(p.style.length).toBeGreaterThan(1);
    const records: MutationRecord[] = [];
    const text = window.document.createTextNode('a');
    p.append(text);
    new window.MutationObserver((r) => records.push(...r)).observe(p, { characterData: true, subtree: true });
    text.data = 'ab';
    return new Promise<void>((resolve) =>
      setTimeout(() => {
        expect(records.map((r) => r.type)).toEqual(['characterData']);
        resolve();
      }, 0),
    );
  });
});
