import { waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  focusNewPage,
  focusTargetAfterRemoval,
  keepFocus,
  navigationStarted,
  overlayOpen,
  pageHeading,
} from './focus-rule';

let undo: (() => void) | null = null;
afterEach(() => {
  undo?.();
  undo = null;
  document.body.innerHTML = '';
});

/**
 * A page as the app lays it out: sidebar, main with a list (rows with the list's marks) and a reading pane.
 * `rows` says which rows exist and which one is open / the keyboard position.
 */
function page(
  options: { rows?: ('open' | 'current' | 'plain')[]; heading?: boolean; subject?: boolean } = {},
) {
  const rows = (options.rows ?? [])
    .map(
      (kind, i) =>
        `<li><a href="#r${i}" data-focus-row ${kind === 'open' ? 'aria-current="page"' : ''} tabindex="${
          kind === 'current' ? 0 : -1
        }">row ${i}</a></li>`,
    )
    .join('');
  document.body.innerHTML = `
    <nav><a href="#inbox" id="nav-link">Inbox</a></nav>
    <main>
      ${options.heading === false ? '' : '<h1 tabindex="-1" data-page-heading>Inbox</h1>'}
      <ul data-focus-list aria-label="Messages">${rows}</ul>
      <section id="pane">
        ${options.subject ? '<h2 tabindex="-1" data-page-heading>Subject</h2>' : ''}
        <button id="archive">Archive</button>
      </section>
    </main>`;
}

const active = () => document.activeElement;

describe('where focus goes when the focused thing is removed', () => {
  // Every layout of the list: the open row wins, then the keyboard's row, then the list, then the heading.
  const cases: [string, Parameters<typeof page>[0], string][] = [
    ['the open row', { rows: ['plain', 'current', 'open'] }, 'row 2'],
    ['the current row', { rows: ['plain', 'current', 'plain'] }, 'row 1'],
    ['the list when no row is current', { rows: ['plain', 'plain'] }, 'Messages'],
    ['the list when it is empty', { rows: [] }, 'Messages'],
  ];
  for (const [name, layout, expected] of cases) {
    it(`goes to ${name}`, async () => {
      page(layout);
      undo = keepFocus();
      document.getElementById('archive')!.focus();
      document.getElementById('pane')!.remove();
      await waitFor(() => expect(active()).not.toBe(document.body));
      const target = active() as HTMLElement;
      expect(target.getAttribute('aria-label') ?? target.textContent).toBe(expected);
    });
  }

  it('goes to the heading when there is no list (a phone reading a message)', async () => {
    page({ subject: true });
    document.querySelector('[data-focus-list]')!.remove();
    undo = keepFocus();
    const button = document.createElement('button');
    document.querySelector('main')!.append(button);
    button.focus();
    button.remove();
    await waitFor(() => expect(active()).toHaveTextContent('Subject'));
  });

  it('leaves the focus alone when it went somewhere itself (a dialog gave it back to its opener)', async () => {
    page({ rows: ['current'] });
    undo = keepFocus();
    document.getElementById('archive')!.focus();
    const opener = document.getElementById('nav-link')!;
    document.getElementById('pane')!.remove();
    opener.focus();
    await new Promise((resolve) => setTimeout(resolve, 120));
    expect(active()).toBe(opener);
  });

  it('never acts when the focused element stays (a click on empty space)', async () => {
    page({ rows: ['current'] });
    undo = keepFocus();
    const archive = document.getElementById('archive')!;
    archive.focus();
    archive.blur();
    document.querySelector('main')!.append(document.createElement('p'));
    await new Promise((resolve) => setTimeout(resolve, 120));
    expect(active()).toBe(document.body);
  });
});

describe('after navigation', () => {
  it('the new page’s heading takes the focus: the message’s subject over the list’s heading', () => {
    page({ rows: ['current'], subject: true });
    document.getElementById('nav-link')!.focus();
    expect(focusNewPage()).toBe(true);
    expect(active()).toHaveTextContent('Subject');
  });

  it('the list’s heading when no message is open; an h1 without the mark when none is marked', () => {
    page({ rows: ['current'] });
    focusNewPage();
    expect(active()).toHaveTextContent('Inbox');
    document.querySelector('h1')!.removeAttribute('data-page-heading');
    expect(pageHeading()).toBe(document.querySelector('h1'));
  });

  it('the list when the page has no heading at all', () => {
    page({ rows: ['current'], heading: false });
    expect(focusTargetAfterRemoval()).toHaveTextContent('row 0');
  });
});

describe('an open overlay owns the focus', () => {
  // The overlays the app opens, as MUI and the tour draw them.
  const overlays: [string, string][] = [
    ['a dialog', '<div class="MuiModal-root"><div role="dialog"><button>In</button></div></div>'],
    [
      'the Welcome dialog (a labelled dialog alone)',
      '<div role="dialog" aria-modal="true"><button>In</button></div>',
    ],
    ['an onboarding step', '<div role="alertdialog" aria-modal="true"><button>In</button></div>'],
    [
      'a menu',
      '<div class="MuiPopover-root MuiModal-root"><ul role="menu"><li tabindex="0">In</li></ul></div>',
    ],
    ['the folder picker', '<div role="listbox" tabindex="0">In</div>'],
  ];
  for (const [name, markup] of overlays) {
    it(`never moves the focus out of ${name}: not when what had it is gone, not after navigation`, async () => {
      vi.useFakeTimers();
      try {
        page({ rows: ['current'], subject: true });
        document.body.insertAdjacentHTML('beforeend', `<div id="overlay">${markup}</div>`);
        expect(overlayOpen()).toBe(true);
        undo = keepFocus();
        // The element behind the overlay that had the focus is gone, and the focus is on <body> for a moment.
        document.getElementById('archive')!.focus();
        document.getElementById('archive')!.remove();
        await vi.advanceTimersByTimeAsync(200);
        expect(active()).toBe(document.body);
        // Navigation while it is open: the heading behind it does not take the focus.
        const inside = document.querySelector<HTMLElement>('#overlay button, #overlay [tabindex]')!;
        inside.focus();
        expect(focusNewPage()).toBe(false);
        expect(active()).toBe(inside);
        // Closed (gone with the element it had focused): the rule applies again.
        document.getElementById('overlay')!.remove();
        await vi.advanceTimersByTimeAsync(200);
        expect(active()).toHaveTextContent('row 0');
      } finally {
        vi.useRealTimers();
      }
    });
  }

  it('a closed MUI modal kept mounted (hidden) is no open overlay', () => {
    page({ rows: ['current'] });
    document.body.insertAdjacentHTML(
      'beforeend',
      '<div class="MuiModal-root MuiModal-hidden"><div role="dialog"><button>In</button></div></div>',
    );
    expect(overlayOpen()).toBe(false);
    expect(focusNewPage()).toBe(true);
  });
});

/** The text of what has the focus (not `toHaveTextContent`: <body> contains every row's text). */
const focusedText = () => (active() === document.body ? '<body>' : active()?.textContent);

/**
 * jsdom draws nothing and has no `checkVisibility`: a stand-in that reads what the app's components set (the
 * `hidden` attribute, an inline display or visibility as React's Suspense and MUI's closed Drawer write them).
 */
function withVisibility(): () => void {
  Object.defineProperty(Element.prototype, 'checkVisibility', {
    configurable: true,
    value(this: Element) {
      return this.closest('[hidden], [style*="display: none"], [style*="visibility: hidden"]') === null;
    },
  });
  return () => Reflect.deleteProperty(Element.prototype, 'checkVisibility');
}

describe('focus lost while the page has no place for it yet', () => {
  it('tries again on every change until the new page has one (a route still loading)', async () => {
    page({ subject: true });
    undo = keepFocus();
    document.querySelector<HTMLElement>('#pane h2')!.focus();
    // The whole layout is replaced by a loading state with nothing that can take the focus.
    document.body.innerHTML = '<div role="progressbar"></div>';
    await new Promise((resolve) => setTimeout(resolve, 120));
    expect(focusedText()).toBe('<body>');
    page({ rows: ['plain', 'current'] });
    await waitFor(() => expect(focusedText()).toBe('row 1'));
  });

  it('acts once an overlay that owned the focus for a moment has closed', async () => {
    page({ rows: ['current'] });
    document.body.insertAdjacentHTML('beforeend', '<div id="overlay" class="MuiModal-root"></div>');
    undo = keepFocus();
    document.getElementById('archive')!.focus();
    document.getElementById('archive')!.remove();
    await new Promise((resolve) => setTimeout(resolve, 120));
    expect(focusedText()).toBe('<body>');
    document.getElementById('overlay')!.remove();
    await waitFor(() => expect(focusedText()).toBe('row 0'));
  });

  it('moves the focus off an element hidden while it had it (the old page hidden by a loading route)', async () => {
    const restore = withVisibility();
    try {
      page({ rows: ['current'], subject: true });
      undo = keepFocus();
      document.querySelector<HTMLElement>('#pane h2')!.focus();
      // A browser moves the focus to <body> without a focusout when the focused element is hidden.
      const blur = (event: Event) => event.stopImmediatePropagation();
      document.addEventListener('focusout', blur, { capture: true, once: true });
      (document.activeElement as HTMLElement).blur();
      document.getElementById('pane')!.setAttribute('style', 'display: none !important');
      await waitFor(() => expect(focusedText()).toBe('row 0'));
    } finally {
      restore();
    }
  });
});

describe('focus lost after a route change', () => {
  it('goes to the new page’s heading however late the old page goes; after a key press, to the row', async () => {
    page({ rows: ['current'], subject: true });
    undo = keepFocus();
    const subject = document.querySelector<HTMLElement>('#pane h2')!;
    subject.focus();
    navigationStarted();
    await new Promise((resolve) => setTimeout(resolve, 120));
    subject.remove();
    await waitFor(() => expect(focusedText()).toBe('Inbox'));
    // The user acts on the new page: a removal then follows the removal rule again.
    const archive = document.getElementById('archive')!;
    archive.focus();
    document.dispatchEvent(new KeyboardEvent('keydown', { key: 'e' }));
    archive.remove();
    await waitFor(() => expect(focusedText()).toBe('row 0'));
  });
});

describe('a hidden overlay kept mounted is not open', () => {
  const hidden: [string, string][] = [
    ['with the hidden attribute', '<div role="dialog" hidden><button>In</button></div>'],
    ['inside a display:none container', '<div style="display: none"><div role="menu"></div></div>'],
    [
      'a closed keepMounted Drawer (MUI hides its modal root)',
      '<div class="MuiDrawer-root MuiModal-root" style="visibility: hidden"><div role="dialog"></div></div>',
    ],
    ['under aria-hidden', '<div aria-hidden="true"><div role="listbox"></div></div>'],
  ];
  for (const [name, markup] of hidden) {
    it(`ignores one ${name}, and the rule moves the focus`, () => {
      const restore = withVisibility();
      try {
        page({ rows: ['current'] });
        document.body.insertAdjacentHTML('beforeend', markup);
        expect(overlayOpen()).toBe(false);
        expect(focusNewPage()).toBe(true);
        expect(focusedText()).toBe('Inbox');
        // Shown again, the same overlay owns the focus.
        for (const attribute of ['hidden', 'style', 'aria-hidden'])
          document.body.lastElementChild!.removeAttribute(attribute);
        expect(overlayOpen()).toBe(true);
      } finally {
        restore();
      }
    });
  }
});
