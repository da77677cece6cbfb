import { useRef, useState, type MouseEvent, type PointerEvent } from 'react';

export type SwipeSide = 'left' | 'right';

/** A swipe counts once the row went this share of its width; shorter ones spring back. */
const commitShare = 0.35;
/** Movement before a touch is taken as a swipe (sideways) or left to the page's scrolling (up or down). */
const slop = 12;

interface Gesture {
  x: number;
  y: number;
  width: number;
  swiping: boolean;
}

/**
 * A row swiped sideways by touch, as phone mail apps do: the row follows the finger, and let go past a third of its
 * width it runs `onSwipe` for that side; otherwise it springs back. Mouse and pen are left alone (they drag rows to
 * folders). The row sets `touch-action: pan-y`, so vertical moves still scroll the list; the click that ends a swipe
 * does not open the message.
 */
export function useRowSwipe(sides: Record<SwipeSide, boolean>, onSwipe: (side: SwipeSide) => void) {
  const [offset, setOffset] = useState(0);
  /** The finger is on the row: the row follows it without a transition. */
  const [following, setFollowing] = useState(false);
  const gesture = useRef<Gesture | null>(null);
  const swiped = useRef(false);

  const clamp = (dx: number) => (dx > 0 ? (sides.right ? dx : 0) : sides.left ? dx : 0);

  const handlers = {
    onPointerDown: (event: PointerEvent<HTMLElement>) => {
      swiped.current = false;
      if (event.pointerType !== 'touch' || (!sides.left && !sides.right)) return;
      const width = event.currentTarget.getBoundingClientRect().width || 1;
      gesture.current = { x: event.clientX, y: event.clientY, width, swiping: false };
    },
    onPointerMove: (event: PointerEvent<HTMLElement>) => {
      const current = gesture.current;
      if (!current) return;
      const dx = event.clientX - current.x;
      const dy = event.clientY - current.y;
      if (!current.swiping) {
        if (Math.abs(dy) > slop && Math.abs(dy) >= Math.abs(dx)) gesture.current = null;
        else if (Math.abs(dx) > slop) {
          current.swiping = true;
          setFollowing(true);
          event.currentTarget.setPointerCapture?.(event.pointerId);
        }
        return;
      }
      setOffset(clamp(dx));
    },
    onPointerUp: (event: PointerEvent<HTMLElement>) => {
      const current = gesture.current;
      gesture.current = null;
      if (!current?.swiping) return;
      swiped.current = true;
      setFollowing(false);
      const dx = clamp(event.clientX - current.x);
      if (Math.abs(dx) < current.width * commitShare) return setOffset(0);
      setOffset(Math.sign(dx) * current.width);
      onSwipe(dx > 0 ? 'right' : 'left');
      // The row leaves the list with its messages; if it stays (the action asks first, or failed) it comes back.
      setTimeout(() => setOffset(0), 400);
    },
    onPointerCancel: () => {
      gesture.current = null;
      setFollowing(false);
      setOffset(0);
    },
    onClickCapture: (event: MouseEvent) => {
      if (!swiped.current) return;
      swiped.current = false;
      event.preventDefault();
      event.stopPropagation();
    },
  };

  return {
    offset,
    following,
    side: offset > 0 ? ('right' as const) : offset < 0 ? ('left' as const) : null,
    handlers,
  };
}
