import { afterEach, describe, expect, it, vi } from 'vitest';
import { dispatchShortcut, registerShortcut, setShortcutsEnabled, shortcutTable } from './keyboard-shortcuts';

const undo: (() => void)[] = [];
function register(...args: Parameters<typeof registerShortcut>) {
  undo.push(registerShortcut(...args));
}

afterEach(() => {
  undo.splice(0).forEach((off) => off());
  setShortcutsEnabled(true);
  document.body.innerHTML = '';
});

/** A key pressed on `target` (the page itself by default), as the browser sends it. */
function press(key: string, target: Element = document.body, init: KeyboardEventInit = {}) {
  const event = new KeyboardEvent('keydown', { key, bubbles: true, cancelable: true, ...init });
  target.dispatchEvent(event);
  return event;
}

function element(html: string): HTMLElement {
  const holder = document.createElement('div');
  holder.innerHTML = html;
  document.body.append(holder);
  return holder.firstElementChild as HTMLElement;
}

describe('the shortcut registry', () => {
  it('has one entry per id and per key sequence', () => {
    expect(new Set(shortcutTable.map((entry) => entry.id)).size).toBe(shortcutTable.length);
    expect(new Set(shortcutTable.map((entry) => entry.keys.join(' '))).size).toBe(shortcutTable.length);
  });

  it('runs the registered handler for its key and prevents the key’s default', () => {
    const compose = vi.fn();
    register('compose', compose);
    const event = press('c');
    expect(compose).toHaveBeenCalledTimes(1);
    expect(event.defaultPrevented).toBe(true);
    expect(press('z').defaultPrevented).toBe(false);
  });

  it('never fires while typing in a field, an editor, or inside a dialog', () => {
    const compose = vi.fn();
    register('compose', compose);
    press('c', element('<input type="search" />'));
    press('c', element('<textarea></textarea>'));
    press('c', element('<select><option>1</option></select>'));
    const editor = element('<div contenteditable="true"><p><span>text</span></p></div>');
    press('c', editor.querySelector('span')!);
    press('c', element('<div role="dialog"><button>ok</button></div>').querySelector('button')!);
    expect(compose).not.toHaveBeenCalled();
    // A checkbox takes no text: its keys are shortcuts.
    press('c', element('<input type="checkbox" />'));
    expect(compose).toHaveBeenCalledTimes(1);
  });

  it('leaves keys with Ctrl, Cmd or Alt, and keys another handler took, to others', () => {
    const compose = vi.fn();
    register('compose', compose);
    press('c', document.body, { ctrlKey: true });
    press('c', document.body, { metaKey: true });
    press('c', document.body, { altKey: true });
    const taken = new KeyboardEvent('keydown', { key: 'c', cancelable: true });
    taken.preventDefault();
    expect(dispatchShortcut(taken)).toBe(false);
    expect(compose).not.toHaveBeenCalled();
  });

  it('does nothing while shortcuts are off (General settings)', () => {
    const compose = vi.fn();
    register('compose', compose);
    setShortcutsEnabled(false);
    press('c');
    expect(compose).not.toHaveBeenCalled();
    setShortcutsEnabled(true);
    press('c');
    expect(compose).toHaveBeenCalledTimes(1);
  });

  it('reads two-key sequences: g then i, g then s', () => {
    const inbox = vi.fn();
    const starred = vi.fn();
    const star = vi.fn();
    register('goInbox', inbox);
    register('goStarred', starred);
    register('star', star);
    press('g');
    press('i');
    expect(inbox).toHaveBeenCalledTimes(1);
    press('g');
    press('s');
    expect(starred).toHaveBeenCalledTimes(1);
    expect(star).not.toHaveBeenCalled();
    // Without the g before it, s is the star.
    press('s');
    expect(star).toHaveBeenCalledTimes(1);
    // i alone is nothing.
    press('i');
    expect(inbox).toHaveBeenCalledTimes(1);
  });

  it('runs the handler of the highest priority, then the latest registered, until it is taken away', () => {
    const list = vi.fn();
    const reader = vi.fn();
    const later = vi.fn();
    register('archive', reader, 1);
    register('archive', list);
    press('e');
    expect(reader).toHaveBeenCalledTimes(1);
    expect(list).not.toHaveBeenCalled();
    const off = registerShortcut('archive', later, 1);
    press('e');
    expect(later).toHaveBeenCalledTimes(1);
    off();
    undo.shift()!();
    press('e');
    expect(list).toHaveBeenCalledTimes(1);
  });

  it('listens only while some shortcut is registered', () => {
    const spy = vi.spyOn(document, 'removeEventListener');
    const off = registerShortcut('compose', vi.fn());
    off();
    expect(spy).toHaveBeenCalledWith('keydown', expect.any(Function));
    spy.mockRestore();
  });
});
