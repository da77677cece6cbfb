import Box from '@mui/material/Box';
import { useEffect, useRef, type KeyboardEvent, type PointerEvent } from 'react';

/** One arrow key press moves the edge this far; Page Up / Page Down four times as far. */
export const resizeKeyStep = 16;

export interface PanelResizerProps {
  /** The panel's width now. */
  value: number;
  min: number;
  max: number;
  /** Double-click goes back to it. */
  defaultValue: number;
  label: string;
  /**
   * A new width, already within min and max. `done` is false while a drag goes on (the panel follows the pointer)
   * and true when the width should be kept: the drag ended, a key was pressed, the edge was double-clicked.
   */
  onResize: (width: number, done: boolean) => void;
}

const clamp = (width: number, min: number, max: number) => Math.min(max, Math.max(min, Math.round(width)));

/**
 * The draggable right edge of a panel: a focusable vertical separator (WAI-ARIA window splitter) that follows a
 * mouse, pen or touch drag (pointer events with capture, so the drag goes on outside the edge), moves by the arrow
 * keys (Home and End go to the bounds), and goes back to the default width on a double-click. Place it inside the
 * panel's positioned box.
 */
export function PanelResizer({ value, min, max, defaultValue, label, onResize }: PanelResizerProps) {
  const drag = useRef<{ pointerId: number; startX: number; startWidth: number; width: number } | null>(null);
  // The width a key asked for until it comes back as `value` (a store re-renders a moment later): the next key
  // pressed meanwhile moves on from it, so quick presses (a held key) are all counted.
  const asked = useRef<number | null>(null);
  useEffect(() => {
    asked.current = null;
  }, [value]);

  const pointerDown = (event: PointerEvent<HTMLDivElement>) => {
    if (event.button !== 0) return;
    event.preventDefault();
    event.currentTarget.setPointerCapture?.(event.pointerId);
    event.currentTarget.focus();
    drag.current = { pointerId: event.pointerId, startX: event.clientX, startWidth: value, width: value };
  };
  const pointerMove = (event: PointerEvent<HTMLDivElement>) => {
    const current = drag.current;
    if (!current || current.pointerId !== event.pointerId) return;
    const width = clamp(current.startWidth + event.clientX - current.startX, min, max);
    if (width === current.width) return;
    current.width = width;
    onResize(width, false);
  };
  const pointerEnd = (event: PointerEvent<HTMLDivElement>) => {
    const current = drag.current;
    if (!current || current.pointerId !== event.pointerId) return;
    drag.current = null;
    if (current.width !== current.startWidth) onResize(current.width, true);
  };
  const keyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const page = resizeKeyStep * 4;
    const from = asked.current ?? value;
    const next: Record<string, number> = {
      ArrowLeft: from - resizeKeyStep,
      ArrowRight: from + resizeKeyStep,
      PageDown: from - page,
      PageUp: from + page,
      Home: min,
      End: max,
    };
    if (!(event.key in next) || event.ctrlKey || event.metaKey || event.altKey) return;
    event.preventDefault();
    const width = clamp(next[event.key]!, min, max);
    if (width === from) return;
    asked.current = width;
    onResize(width, true);
  };

  return (
    <Box
      role="separator"
      tabIndex={0}
      aria-orientation="vertical"
      aria-valuenow={value}
      aria-valuemin={min}
      aria-valuemax={max}
      aria-label={label}
      onPointerDown={pointerDown}
      onPointerMove={pointerMove}
      onPointerUp={pointerEnd}
      onPointerCancel={pointerEnd}
      onKeyDown={keyDown}
      onDoubleClick={() => {
        if (value !== defaultValue) onResize(defaultValue, true);
      }}
      sx={{
        position: 'absolute',
        top: 0,
        bottom: 0,
        right: -4,
        width: 8,
        zIndex: 1,
        cursor: 'col-resize',
        touchAction: 'none',
        outline: 'none',
        '&::after': {
          content: '""',
          position: 'absolute',
          top: 0,
          bottom: 0,
          left: 3,
          width: 2,
          borderRadius: 1,
          bgcolor: 'transparent',
          transition: 'background-color 120ms',
        },
        '&:hover::after, &:focus-visible::after, &:active::after': { bgcolor: 'primary.main' },
      }}
    />
  );
}
