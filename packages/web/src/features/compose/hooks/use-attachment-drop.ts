import { useState, type DragEvent } from 'react';

const hasFiles = (event: DragEvent) => Array.from(event.dataTransfer.types).includes('Files');

/**
 * Files dragged from the desktop onto the composer: `dragging` is true while they are over it (the composer
 * shows its drop overlay), and a drop hands them to `onFiles` as attachments. Leaving for a child of the
 * composer is not leaving it; drags without files (a contact, text) are left to the fields under them.
 */
export function useAttachmentDrop(onFiles: (files: File[]) => void) {
  const [dragging, setDragging] = useState(false);
  const onDragOver = (event: DragEvent) => {
    if (!hasFiles(event)) return;
    event.preventDefault();
    setDragging(true);
  };
  const onDragLeave = (event: DragEvent) => {
    if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setDragging(false);
  };
  const onDrop = (event: DragEvent) => {
    if (!hasFiles(event)) return;
    event.preventDefault();
    setDragging(false);
    onFiles(Array.from(event.dataTransfer.files));
  };
  return { dragging, onDragOver, onDragLeave, onDrop };
}
