import { useShortcuts } from '../../../shared/ui/use-shortcuts';

/**
 * While a conversation is open: `j` / `k` go to the next / previous message of the list, `u` back to the list
 * (through the shortcut registry, ahead of the list's own `j` / `k`, which move its focus). Pressed in the list
 * beside the conversation they move the list's focus instead: the list handles its keys first.
 */
export function useNavigationKeys(handlers: {
  next: (() => void) | null;
  previous: (() => void) | null;
  backToList: (() => void) | null;
}) {
  useShortcuts({ next: handlers.next, previous: handlers.previous, backToList: handlers.backToList }, 1);
}
