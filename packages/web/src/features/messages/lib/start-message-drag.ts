import type { DragEvent } from 'react';
import { writeMessageDrag, type MessageDragPayload } from '../../../shared/dnd/message-drag';

/**
 * Starts an HTML5 drag of messages with a small label as the drag image ("3 messages") instead of the browser's
 * snapshot of a whole row. The label element must be in the document when `setDragImage` is called and may go
 * right after (browsers copy it).
 */
export function startMessageDrag(event: DragEvent, payload: MessageDragPayload, label: string): void {
  writeMessageDrag(event.dataTransfer, payload);
  if (typeof event.dataTransfer.setDragImage !== 'function') return;
  const image = document.createElement('div');
  image.textContent = label;
  Object.assign(image.style, {
    position: 'fixed',
    top: '-1000px',
    left: '0',
    padding: '6px 12px',
    borderRadius: '16px',
    background: '#b00e22',
    color: '#fff',
    font: '500 14px Roboto, Arial, sans-serif',
    whiteSpace: 'nowrap',
  });
  document.body.appendChild(image);
  event.dataTransfer.setDragImage(image, 16, 16);
  setTimeout(() => image.remove(), 0);
}
