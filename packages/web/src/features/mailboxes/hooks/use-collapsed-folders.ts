import { useCallback, useState } from 'react';

const storageKey = (userIndex: number) => `webmail.collapsedFolders.${userIndex}`;

function readCollapsed(userIndex: number): Set<string> {
  try {
    const parsed: unknown = JSON.parse(window.localStorage.getItem(storageKey(userIndex)) ?? '[]');
    return new Set(Array.isArray(parsed) ? parsed.filter((id): id is string => typeof id === 'string') : []);
  } catch {
    return new Set();
  }
}

/**
 * Which folders the user collapsed in the sidebar, remembered on this device per account. Folders start
 * expanded; the choice is a convenience, so storage failures are ignored.
 */
export function useCollapsedFolders(userIndex: number) {
  const [state, setState] = useState(() => ({ userIndex, collapsed: readCollapsed(userIndex) }));
  // Switching accounts re-reads that account's choice (state derived from props, no effect needed).
  const current = state.userIndex === userIndex ? state : { userIndex, collapsed: readCollapsed(userIndex) };
  if (current !== state) setState(current);

  const toggle = useCallback((id: string) => {
    setState((previous) => {
      const collapsed = new Set(previous.collapsed);
      if (collapsed.has(id)) collapsed.delete(id);
      else collapsed.add(id);
      try {
        window.localStorage.setItem(storageKey(previous.userIndex), JSON.stringify([...collapsed]));
      } catch {
        // Not remembered this time; the sidebar still works.
      }
      return { userIndex: previous.userIndex, collapsed };
    });
  }, []);

  return { collapsed: current.collapsed, toggle };
}
