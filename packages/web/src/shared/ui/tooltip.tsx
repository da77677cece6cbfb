import MuiTooltip, { type TooltipProps as MuiTooltipProps } from '@mui/material/Tooltip';
import { useEventCallback } from '@mui/material/utils';
import {
  cloneElement,
  useEffect,
  useId,
  useRef,
  useState,
  type FocusEvent,
  type MouseEvent,
  type ReactElement,
  type SyntheticEvent,
  type TouchEvent,
} from 'react';

type Handler<E> = ((event: E) => void) | undefined;

interface ChildProps {
  onMouseOver?: Handler<MouseEvent<HTMLElement>>;
  onMouseLeave?: Handler<MouseEvent<HTMLElement>>;
  onFocus?: Handler<FocusEvent<HTMLElement>>;
  onBlur?: Handler<FocusEvent<HTMLElement>>;
  onTouchStart?: Handler<TouchEvent<HTMLElement>>;
  onTouchEnd?: Handler<TouchEvent<HTMLElement>>;
}

export interface TooltipProps extends Pick<
  MuiTooltipProps,
  'title' | 'describeChild' | 'placement' | 'open' | 'onOpen' | 'onClose' | 'slotProps'
> {
  children: ReactElement<ChildProps>;
}

/** MUI's delays: a hover shows the tooltip after 100 ms, a touch held 700 ms; it stays 1.5 s after the touch. */
const enterDelayMs = 100;
const enterTouchDelayMs = 700;
const leaveTouchDelayMs = 1500;
const touchEmulationMs = 1000;

/**
 * The app's tooltip: MUI's, mounted only once the element is pointed at, focused from the keyboard or held.
 * Until then the element carries what MUI's tooltip gives it while closed (its name from the title, or the title
 * as its description with `describeChild`) and nothing else: no popper, no state. Why: MUI's tooltip keeps its
 * element in state, set from the element's ref while React commits, and a page's first commit with such an update
 * renders again and runs every effect of the page inside the same task (the mailbox's first page had 42 tooltips,
 * two in each row; bench/README). The element stays where it is when the tooltip mounts (the tooltip is its
 * sibling, anchored to it), so it keeps its focus and hover.
 *
 * Opens as MUI's does (hover, keyboard focus, a held touch; `open`/`onOpen`/`onClose` to control it) and closes on
 * leave, blur, the end of a touch and Escape; it is not interactive (the pointer on the tooltip closes it).
 */
export function Tooltip({
  title,
  describeChild = false,
  open: openProp,
  onOpen,
  onClose,
  placement,
  slotProps,
  children,
}: TooltipProps) {
  const id = useId();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [openState, setOpenState] = useState(false);
  const open = (openProp ?? openState) && anchor !== null && hasTitle(title);
  const timer = useRef<number | undefined>(undefined);
  // A touch is followed by emulated mouse events: they show nothing (only a held touch does).
  const touchedAt = useRef(-Infinity);
  const clearTimer = () => window.clearTimeout(timer.current);

  const show = (event: SyntheticEvent<HTMLElement>, delayMs: number) => {
    clearTimer();
    setAnchor(event.currentTarget);
    timer.current = window.setTimeout(() => {
      setOpenState(true);
      onOpen?.(event);
    }, delayMs);
  };
  const hide = (event: SyntheticEvent | Event, delayMs = 0) => {
    clearTimer();
    timer.current = window.setTimeout(() => {
      setOpenState(false);
      onClose?.(event as SyntheticEvent);
    }, delayMs);
  };

  useEffect(() => clearTimer, []);
  useEffect(() => {
    if (!open) return;
    const closeOnEscape = (event: KeyboardEvent) => {
      if (event.key === 'Escape') hide(event);
    };
    document.addEventListener('keydown', closeOnEscape);
    return () => document.removeEventListener('keydown', closeOnEscape);
  });

  const own = children.props;
  const text = typeof title === 'string' ? title : undefined;
  const closedProps = describeChild
    ? { title: open ? undefined : text, 'aria-describedby': open ? id : undefined }
    : { 'aria-label': text };
  const onMouseOver = useEventCallback((event: MouseEvent<HTMLElement>) => {
    own.onMouseOver?.(event);
    if (!open && event.timeStamp - touchedAt.current > touchEmulationMs) show(event, enterDelayMs);
  });
  const onMouseLeave = useEventCallback((event: MouseEvent<HTMLElement>) => {
    own.onMouseLeave?.(event);
    hide(event);
  });
  const onFocus = useEventCallback((event: FocusEvent<HTMLElement>) => {
    own.onFocus?.(event);
    if (focusVisible(event.currentTarget)) show(event, 0);
  });
  const onBlur = useEventCallback((event: FocusEvent<HTMLElement>) => {
    own.onBlur?.(event);
    hide(event);
  });
  const onTouchStart = useEventCallback((event: TouchEvent<HTMLElement>) => {
    own.onTouchStart?.(event);
    touchedAt.current = event.timeStamp;
    show(event, enterTouchDelayMs);
  });
  const onTouchEnd = useEventCallback((event: TouchEvent<HTMLElement>) => {
    own.onTouchEnd?.(event);
    hide(event, leaveTouchDelayMs);
  });
  const handlers: ChildProps = { onMouseOver, onMouseLeave, onFocus, onBlur, onTouchStart, onTouchEnd };
  const child = cloneElement(children, { ...closedProps, ...own, ...handlers });

  return (
    <>
      {child}
      {anchor && (
        <MuiTooltip
          id={id}
          title={title}
          open={open}
          placement={placement}
          disableInteractive
          disableHoverListener
          disableFocusListener
          disableTouchListener
          slotProps={{ ...slotProps, popper: { ...slotProps?.popper, anchorEl: anchor } }}
        >
          <span hidden />
        </MuiTooltip>
      )}
    </>
  );
}

function hasTitle(title: MuiTooltipProps['title']): boolean {
  return typeof title === 'number' || Boolean(title);
}

/** Focus from the keyboard shows the tooltip, a click's focus does not (as MUI's). */
function focusVisible(element: HTMLElement): boolean {
  try {
    return element.matches(':focus-visible');
  } catch {
    return false;
  }
}
