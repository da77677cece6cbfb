/** A folder the picker offers (the shape of `MoveTarget`, kept here so the logic needs no component). */
interface NamedTarget {
  name: string;
}

/** The folders whose name contains the typed text, in any case, in their tree order. */
export function filterMoveTargets<T extends NamedTarget>(targets: readonly T[], filter: string): T[] {
  const wanted = filter.trim().toLocaleLowerCase();
  if (!wanted) return [...targets];
  return targets.filter((target) => target.name.toLocaleLowerCase().includes(wanted));
}

/**
 * Where a listbox's focus goes for a navigation key (arrows stop at the ends, Home and End jump there), or null
 * for any other key.
 */
export function nextOptionIndex(key: string, current: number, count: number): number | null {
  if (count === 0) return null;
  switch (key) {
    case 'ArrowDown':
      return Math.min(current + 1, count - 1);
    case 'ArrowUp':
      return Math.max(current - 1, 0);
    case 'Home':
      return 0;
    case 'End':
      return count - 1;
    default:
      return null;
  }
}
