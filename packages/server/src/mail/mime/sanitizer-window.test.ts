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

  it('leaves other jsdom windows as they are', () => {
    sanitizerWindow();
    const p = styled(new JSDOM('').window.document);
    expect(p.style.color).toBe('red');
    expect(p.style.length).toBeGreaterThan(1);
  });
});
