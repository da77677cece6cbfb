import { useEffect, useRef } from 'react';
import { registerShortcut, type ShortcutId } from './keyboard-shortcuts';

export type ShortcutHandlers = Partial<Record<ShortcutId, (() => void) | null | undefined>>;

/**
 * What the given shortcuts do while the caller is shown (`keyboard-shortcuts.ts` is the table and the dispatcher).
 * A handler left out or null registers nothing, so the shortcut falls to another part of the page. The handlers
 * are read when the key is pressed: they may change on every render.
 */
export function useShortcuts(handlers: ShortcutHandlers, priority = 0): void {
  const latest = useRef(handlers);
  useEffect(() => {
    latest.current = handlers;
  });
  const ids = (Object.keys(handlers) as ShortcutId[]).filter((id) => handlers[id]).join(',');
  useEffect(() => {
    if (!ids) return;
    const undo = (ids.split(',') as ShortcutId[]).map((id) =>
      registerShortcut(id, () => latest.current[id]?.(), priority),
    );
    return () => undo.forEach((off) => off());
  }, [ids, priority]);
}
