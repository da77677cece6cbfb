/**
 * Whether the single-key shortcuts are on (General settings, stored with the account): j / k, x and the action
 * keys of the list and the reader. The arrow keys, Enter and Escape always work; they are how the keyboard moves,
 * not shortcuts. Read when a key is pressed, so nothing re-renders when it changes.
 */
let enabled = true;

export function setShortcutsEnabled(value: boolean): void {
  enabled = value;
}

export function shortcutsEnabled(): boolean {
  return enabled;
}
