import type { RefObject } from 'react';
import { useShortcuts } from '../../../shared/ui/use-shortcuts';

/** `/` anywhere on the page (not while typing in a field) puts the cursor in the search bar. */
export function useSlashFocus(input: RefObject<HTMLInputElement | null>): void {
  useShortcuts({ search: () => input.current?.focus() });
}
