/**
 * The keyboard shortcuts: one table (what the help sheet lists, in its order) and one dispatcher (a single
 * `keydown` listener on the document) that runs the handler the page registered for a shortcut (`useShortcut`).
 * Shortcuts never fire while typing (inputs, text areas, selects, contenteditable: the composer's editor, the
 * search box), inside an open dialog or menu, with Ctrl, Cmd or Alt, or while they are switched off (General
 * settings, stored with the account: read when a key is pressed, so nothing re-renders when it changes). The
 * arrow keys, Enter and Escape always work; they are how the keyboard moves, not shortcuts.
 *
 * A component with keys of its own (the message list's rows) handles them first and marks them handled
 * (`preventDefault`); the dispatcher then leaves them alone.
 */

export const shortcutGroups = ['general', 'navigation', 'actions'] as const;
export type ShortcutGroup = (typeof shortcutGroups)[number];

/** Each shortcut: its id (its text in the `shortcuts` namespace), its keys (two for a sequence: `g` then `i`). */
export const shortcutTable = [
  { id: 'compose', keys: ['c'], group: 'general' },
  { id: 'search', keys: ['/'], group: 'general' },
  { id: 'help', keys: ['?'], group: 'general' },
  { id: 'goInbox', keys: ['g', 'i'], group: 'navigation' },
  { id: 'goStarred', keys: ['g', 's'], group: 'navigation' },
  { id: 'next', keys: ['j'], group: 'navigation' },
  { id: 'previous', keys: ['k'], group: 'navigation' },
  { id: 'open', keys: ['o'], group: 'navigation' },
  { id: 'backToList', keys: ['u'], group: 'navigation' },
  { id: 'select', keys: ['x'], group: 'actions' },
  { id: 'archive', keys: ['e'], group: 'actions' },
  { id: 'delete', keys: ['#'], group: 'actions' },
  { id: 'star', keys: ['s'], group: 'actions' },
  { id: 'markRead', keys: ['I'], group: 'actions' },
  { id: 'markUnread', keys: ['U'], group: 'actions' },
  { id: 'spam', keys: ['!'], group: 'actions' },
  { id: 'snooze', keys: ['b'], group: 'actions' },
  // Gmail's move and label keys: this app has folders, not labels, so both open the folder picker.
  { id: 'moveTo', keys: ['v'], group: 'actions' },
  { id: 'label', keys: ['l'], group: 'actions' },
  { id: 'reply', keys: ['r'], group: 'actions' },
  { id: 'replyAll', keys: ['a'], group: 'actions' },
  { id: 'forward', keys: ['f'], group: 'actions' },
] as const satisfies readonly { id: string; keys: readonly string[]; group: ShortcutGroup }[];

export type ShortcutId = (typeof shortcutTable)[number]['id'];

/** The key of a single-key shortcut (the message actions' registry names its shortcuts by key). */
export function shortcutKey(id: ShortcutId): string {
  return shortcutTable.find((entry) => entry.id === id)!.keys.join(' ');
}

let enabled = true;

export function setShortcutsEnabled(value: boolean): void {
  enabled = value;
}

export function shortcutsEnabled(): boolean {
  return enabled;
}

/** Inputs that take no text: a key pressed on one (a row's checkbox) is still a shortcut. */
const keylessInputs = new Set([
  'checkbox',
  'radio',
  'button',
  'submit',
  'reset',
  'range',
  'color',
  'file',
  'image',
]);

/** Typing: a key pressed in a field or an editor is text, never a shortcut. */
export function isTypingTarget(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  if (target instanceof HTMLInputElement) return !keylessInputs.has(target.type);
  return (
    target.isContentEditable ||
    ['TEXTAREA', 'SELECT'].includes(target.tagName) ||
    target.closest('[contenteditable=""], [contenteditable="true"]') !== null
  );
}

/** Open menus and dialogs have keys of their own (a menu's type-ahead): the page behind must not act. */
export function isInPopup(target: EventTarget | null): boolean {
  return (
    target instanceof Element && target.closest('[role="menu"], [role="dialog"], [role="listbox"]') !== null
  );
}

interface Registration {
  handler: () => void;
  priority: number;
  order: number;
}

const registered = new Map<ShortcutId, Registration[]>();
let registrations = 0;
/** The first key of a sequence (`g`) and when it was pressed. */
let pendingPrefix: { key: string; at: number } | null = null;
/** How long the second key of a sequence may wait. */
const sequenceWindowMs = 1500;

/** The handler a shortcut runs now: the highest priority, then the latest registered. */
function activeHandler(id: ShortcutId): (() => void) | undefined {
  const list = registered.get(id);
  if (!list?.length) return undefined;
  return list.reduce((best, next) =>
    next.priority > best.priority || (next.priority === best.priority && next.order > best.order)
      ? next
      : best,
  ).handler;
}

/**
 * The dispatcher: runs the shortcut `event` stands for, if one is registered and shortcuts may fire; true when it
 * ran one (the key's default is then prevented).
 */
export function dispatchShortcut(event: KeyboardEvent): boolean {
  if (!enabled || event.defaultPrevented || event.ctrlKey || event.metaKey || event.altKey) return false;
  if (event.isComposing || isTypingTarget(event.target) || isInPopup(event.target)) return false;
  const prefix = pendingPrefix;
  pendingPrefix = null;
  const now = event.timeStamp || Date.now();
  if (prefix && now - prefix.at <= sequenceWindowMs) {
    const second = shortcutTable.find(
      (entry) => entry.keys.length === 2 && entry.keys[0] === prefix.key && entry.keys[1] === event.key,
    );
    const handler = second && activeHandler(second.id);
    if (handler) {
      event.preventDefault();
      handler();
      return true;
    }
  }
  if (shortcutTable.some((entry) => entry.keys.length === 2 && entry.keys[0] === event.key)) {
    pendingPrefix = { key: event.key, at: now };
    return false;
  }
  const single = shortcutTable.find((entry) => entry.keys.length === 1 && entry.keys[0] === event.key);
  const handler = single && activeHandler(single.id);
  if (!handler) return false;
  event.preventDefault();
  handler();
  return true;
}

const listener = (event: KeyboardEvent) => void dispatchShortcut(event);

/**
 * Registers what a shortcut does while the caller is shown; returns the undo. A higher `priority` wins (the open
 * conversation's `e` over the list's); among equals the latest registered. The document listener is there while
 * any shortcut is registered.
 */
export function registerShortcut(id: ShortcutId, handler: () => void, priority = 0): () => void {
  const entry: Registration = { handler, priority, order: ++registrations };
  const list = registered.get(id) ?? [];
  registered.set(id, [...list, entry]);
  if (countRegistered() === 1) document.addEventListener('keydown', listener);
  return () => {
    registered.set(
      id,
      (registered.get(id) ?? []).filter((other) => other !== entry),
    );
    if (countRegistered() === 0) {
      document.removeEventListener('keydown', listener);
      pendingPrefix = null;
    }
  };
}

function countRegistered(): number {
  let count = 0;
  for (const list of registered.values()) count += list.length;
  return count;
}
