import type { DragEvent } from 'react';
import { writeMessageDrag, type MessageDragPayload } from '../../../shared/dnd/message-drag';

/** A transparent pixel: the browser's own drag image is hidden, the badge below stands for it. */
const emptyImage =
  typeof Image === 'undefined'
    ? null
    : Object.assign(new Image(1, 1), {
        src: 'data:image/gif;base64,R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7',
      });

/** Offset of the badge from the pointer: beside the cursor, not under it. */
const offset = 14;

/**
 * Starts an HTML5 drag of messages with a badge beside the pointer saying what the drop moves ("19 messages",
 * plural rules of the user's language). The badge is an element of the page that follows `dragover`, not the
 * drag image: Chromium paints a drag image of an element outside the viewport as nothing, and a snapshot of the
 * row would not say how many messages go (a select-all drags the whole folder). It is announced (role status) and
 * removed when the drag ends — also when the dragged row left the page meanwhile (its `dragend` never comes; the
 * drop or the next pointer move ends it then).
 */
export function startMessageDrag(event: DragEvent, payload: MessageDragPayload, label: string): void {
  writeMessageDrag(event.dataTransfer, payload);
  if (emptyImage && typeof event.dataTransfer.setDragImage === 'function') {
    event.dataTransfer.setDragImage(emptyImage, 0, 0);
  }
  document.querySelectorAll('[data-drag-badge]').forEach((old) => old.remove());
  const badge = document.createElement('div');
  badge.textContent = label;
  badge.setAttribute('role', 'status');
  badge.dataset.dragBadge = '';
  Object.assign(badge.style, {
    position: 'fixed',
    top: '0',
    left: '0',
    zIndex: '2000',
    pointerEvents: 'none',
    padding: '6px 12px',
    borderRadius: '16px',
    background: '#b00e22',
    color: '#fff',
    font: '500 14px Roboto, Arial, sans-serif',
    whiteSpace: 'nowrap',
    boxShadow: '0 2px 6px rgba(0, 0, 0, 0.3)',
  });
  const place = (x: number, y: number) => {
    badge.style.transform = `translate(${x + offset}px, ${y + offset}px)`;
  };
  place(event.clientX, event.clientY);
  document.body.appendChild(badge);

  const follow = (move: globalThis.DragEvent) => {
    // Some browsers report 0, 0 for the last events of a drag.
    if (move.clientX || move.clientY) place(move.clientX, move.clientY);
  };
  const end = () => {
    badge.remove();
    window.removeEventListener('dragover', follow, true);
    for (const type of ['dragend', 'drop', 'pointermove']) window.removeEventListener(type, end, true);
  };
  window.addEventListener('dragover', follow, true);
  // No pointer events reach the page during a drag: the first one after it means it is over.
  for (const type of ['dragend', 'drop', 'pointermove']) window.addEventListener(type, end, true);
}
