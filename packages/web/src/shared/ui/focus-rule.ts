/**
 * Where keyboard focus goes when what had it is gone: one rule for the whole app, so focus never falls to <body>.
 *
 * - After an action that removes the focused thing (a message archived from the reading pane, a dialog whose
 *   opener is gone, the composer after Send): the list's current row, else the list, else the page's heading.
 * - After navigation: the new page's heading (the last heading marked `data-page-heading` in the main landmark:
 *   with a message open beside the list, the message's subject), unless the new page put the focus somewhere itself.
 *
 * - While a dialog, menu, popover or onboarding step is open, it owns the focus (MUI's FocusTrap keeps it inside
 *   and gives it back to the opener on close): the rule does nothing until it is closed.
 *
 * Headings that take the focus carry `tabIndex={-1}` (`pageHeadingProps`), so they are not Tab stops.
 */

/** Spread on the heading a page's focus goes to after navigation. */
export const pageHeadingProps = { tabIndex: -1, 'data-page-heading': '' } as const;

/**
 * Spread on a list that takes the focus when what had it is gone; its rows' main controls carry `focusRowProps`
 * (the open one has `aria-current`, the list's keyboard position `tabindex="0"`).
 */
export const focusListProps = { 'data-focus-list': '' } as const;
export const focusRowProps = { 'data-focus-row': '' } as const;

/** In the page and shown (a browser without `checkVisibility` takes a connected element as shown). */
function focusable(element: Element | null | undefined): element is HTMLElement {
  if (!(element instanceof HTMLElement) || !element.isConnected) return false;
  return typeof element.checkVisibility === 'function' ? element.checkVisibility() : true;
}

/**
 * What owns the focus while it is shown: dialogs (MUI's Dialog and Drawer, the tour's steps are alertdialogs),
 * MUI's modals (Menu and Popover are ones), menus, and a picker's listbox.
 */
const overlaySelector = [
  '[role="dialog"]',
  '[role="alertdialog"]',
  '[aria-modal="true"]',
  '[role="menu"]',
  '[role="listbox"]',
  '.MuiModal-root',
].join(', ');

/** Whether an overlay that owns the focus is open (a closed MUI modal kept mounted is hidden, not open). */
export function overlayOpen(doc: Document = document): boolean {
  return Array.from(doc.querySelectorAll(overlaySelector)).some(
    (element) => focusable(element) && !element.closest('.MuiModal-hidden, [aria-hidden="true"]'),
  );
}

/** Whether the focus is lost: on <body>, on nothing, or on an element no longer in the page. */
export function focusIsLost(doc: Document = document): boolean {
  const active = doc.activeElement;
  return !active || active === doc.body || active === doc.documentElement || !active.isConnected;
}

/** The page's heading: the last marked one in the main landmark (the reading pane's over the list's). */
export function pageHeading(doc: Document = document): HTMLElement | null {
  const root = doc.querySelector('main') ?? doc.body;
  const marked = Array.from(root.querySelectorAll('[data-page-heading]')).filter(focusable);
  if (marked.length > 0) return marked[marked.length - 1] as HTMLElement;
  // A settings page on a phone has its title in the app bar.
  const h1 = root.querySelector('h1') ?? doc.querySelector('h1');
  return focusable(h1) ? h1 : null;
}

/** Where focus goes after the focused thing was removed: the list's current row, the list, the heading. */
export function focusTargetAfterRemoval(doc: Document = document): HTMLElement | null {
  for (const list of Array.from(doc.querySelectorAll('[data-focus-list]'))) {
    const row =
      list.querySelector('[data-focus-row][aria-current]') ??
      list.querySelector('[data-focus-row][tabindex="0"]');
    if (focusable(row)) return row;
    if (focusable(list)) return list;
  }
  return pageHeading(doc) ?? (doc.querySelector('main') as HTMLElement | null);
}

function place(target: HTMLElement | null): boolean {
  if (!target) return false;
  if (!target.hasAttribute('tabindex') && target.tabIndex < 0) target.tabIndex = -1;
  // Never scrolled to: a conversation opens scrolled to its addressed message, below the subject.
  target.focus({ preventScroll: true });
  return true;
}

/** Applies the removal rule when focus is lost; true when it moved the focus. */
export function restoreLostFocus(doc: Document = document): boolean {
  return focusIsLost(doc) && !overlayOpen(doc) && place(focusTargetAfterRemoval(doc));
}

/** Applies the navigation rule: the new page's heading, else the removal rule's target. */
export function focusNewPage(doc: Document = document): boolean {
  return !overlayOpen(doc) && place(pageHeading(doc) ?? focusTargetAfterRemoval(doc));
}

/**
 * Set when the route changed, until the lost focus has been placed or the user acts (a key or a pointer): focus lost
 * meanwhile follows the navigation rule (the new page's heading), not the removal rule, however late the old page
 * goes (a route loading on a slow machine keeps it shown for a while).
 */
let afterNavigation = false;
export function navigationStarted(): void {
  afterNavigation = true;
}

/** Whether the element that had the focus can no longer have it: gone from the page, hidden or disabled. */
function unfocusable(element: Element): boolean {
  return !focusable(element) || element.matches(':disabled, [inert] *, [inert]');
}

/**
 * Keeps the rule for the whole document: whenever the element with the focus leaves the page (its component
 * unmounted), is hidden (a route still loading hides the old page) or disabled, and the focus is left on <body>, it
 * goes where the rule says, once the page has settled (a moment later: a dialog closing hands the focus back to its
 * opener first). Until the focus has a place again, every later change of the page tries once more: a new page
 * still loading may have nothing to take it yet, and an overlay may own it for a moment. A click on empty space
 * also leaves the focus on <body>, but the element it left is still there: then nothing moves. Returns the undo.
 */
export function keepFocus(doc: Document = document): () => void {
  const view = doc.defaultView ?? window;
  let last: Element | null = doc.activeElement;
  let pending = 0;
  const check = () => {
    pending = 0;
    if (!last || !focusIsLost(doc) || !unfocusable(last)) return;
    if (afterNavigation ? focusNewPage(doc) : restoreLostFocus(doc)) afterNavigation = false;
  };
  const onUserInput = () => {
    afterNavigation = false;
  };
  const schedule = () => {
    if (!pending) pending = view.setTimeout(check, 50);
  };
  const onFocusIn = (event: FocusEvent) => {
    last = event.target as Element;
  };
  // Hiding or disabling the focused element moves the focus to <body> with a focusout and no new target.
  const onFocusOut = (event: FocusEvent) => {
    if (event.relatedTarget === null) schedule();
  };
  // Cheap on every change: the check itself runs at most once per 50 ms, and only while the focus is lost.
  const observer = new MutationObserver(() => {
    if (last && focusIsLost(doc)) schedule();
  });
  doc.addEventListener('focusin', onFocusIn);
  doc.addEventListener('focusout', onFocusOut);
  doc.addEventListener('keydown', onUserInput, true);
  doc.addEventListener('pointerdown', onUserInput, true);
  observer.observe(doc.body, {
    childList: true,
    subtree: true,
    attributes: true,
    attributeFilter: ['style', 'class', 'hidden', 'inert', 'disabled', 'aria-hidden'],
  });
  return () => {
    doc.removeEventListener('focusin', onFocusIn);
    doc.removeEventListener('focusout', onFocusOut);
    doc.removeEventListener('keydown', onUserInput, true);
    doc.removeEventListener('pointerdown', onUserInput, true);
    afterNavigation = false;
    observer.disconnect();
    if (pending) view.clearTimeout(pending);
  };
}
