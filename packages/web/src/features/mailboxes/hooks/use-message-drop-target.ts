import { useState, type DragEvent } from 'react';
import { isMessageDrag, readMessageDrag, type MessageDragPayload } from '../../../shared/dnd/message-drag';

export type DropMessagesHandler = (targetMailboxId: string, payload: MessageDragPayload) => void;

/**
 * A folder as a drop target for messages dragged from the list. Only the drag's
 * types are readable before the drop, so the source folder is recognised by `sourceMailboxId` (the open
 * folder, where list drags start); the payload is checked again on drop. Without `onDrop` it is no target.
 */
export function useMessageDropTarget(
  userIndex: number,
  mailboxId: string,
  sourceMailboxId: string | undefined,
  onDrop: DropMessagesHandler | undefined,
) {
  const [over, setOver] = useState(false);
  const enabled = onDrop !== undefined && mailboxId !== sourceMailboxId;

  const accepts = (event: DragEvent) => enabled && isMessageDrag(event.dataTransfer);
  const allow = (event: DragEvent) => {
    if (!accepts(event)) return;
    event.preventDefault();
    event.dataTransfer.dropEffect = 'move';
    setOver(true);
  };

  const handlers = {
    onDragEnter: allow,
    onDragOver: allow,
    onDragLeave: (event: DragEvent) => {
      // Moving onto the row's own icon or text is no leaving.
      if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setOver(false);
    },
    onDrop: (event: DragEvent) => {
      if (!accepts(event)) return;
      event.preventDefault();
      setOver(false);
      const payload = readMessageDrag(event.dataTransfer);
      if (!payload || payload.userIndex !== userIndex || payload.mailboxId === mailboxId) return;
      onDrop?.(mailboxId, payload);
    },
  };

  return { over, handlers: enabled ? handlers : {} };
}
