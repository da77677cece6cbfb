import Box from '@mui/material/Box';
import { startTransition, useCallback, useState, type ReactNode } from 'react';
import { useScrollMemory } from '../hooks/use-scroll-memory';

export interface ListScroll {
  /** The scroll box, once mounted: the virtualizer measures its viewport. */
  element: HTMLDivElement | null;
  /** Where the list was scrolled to when last shown under the same key (`useScrollMemory`). */
  initialOffset: number;
}

/**
 * The list's scroll box, with its remembered position. The element is state, not a ref: rows mounted in the same
 * commit as their scroll box (cached data) run their layout effects before a parent's ref is attached, and the
 * virtualizer would measure no viewport. That state arrives from a ref callback in the commit, as a transition: the
 * rows' first render stands on the window's size (`MessageRows`), and the measurement of the box comes with a render
 * in a later task, instead of a synchronous one inside the commit (on a phone's first load of the mailbox that was
 * part of one long task, with every effect of the page flushed before it). As a component of its own, only the box
 * and its rows render again, not the list's header, toolbar and dialogs.
 */
export function MessageListScrollBox({
  memoryKey,
  ready,
  children,
}: {
  memoryKey: string;
  /** The rows are there (the position is restored once they are). */
  ready: boolean;
  children: (scroll: ListScroll) => ReactNode;
}) {
  const [element, setElement] = useState<HTMLDivElement | null>(null);
  const attach = useCallback((box: HTMLDivElement | null) => startTransition(() => setElement(box)), []);
  const initialOffset = useScrollMemory(element, memoryKey, ready);
  return (
    <Box
      ref={attach}
      sx={{
        flex: 1,
        minHeight: 0,
        overflowY: 'auto',
        overscrollBehavior: 'contain',
        // MessageRows keeps the visible rows in place itself when rows come or go above them.
        overflowAnchor: 'none',
      }}
    >
      {children({ element, initialOffset })}
    </Box>
  );
}
