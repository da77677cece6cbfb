/**
 * The drag payload of messages dragged from the list onto a folder (HTML5 drag and drop). It lives in shared
 * because two features meet here: the message list starts the drag, the folder sidebar is the drop target,
 * and the route that composes them performs the move.
 */
export const messageDragType = 'application/x-webmail-messages';

export interface MessageDragPayload {
  userIndex: number;
  /** The folder the messages are dragged from. */
  mailboxId: string;
  /** UIDs in `mailboxId`, or '*' for the whole folder (select all). */
  messageIds: number[] | '*';
  /** How many messages the drag carries, for the drag image and announcements. */
  count: number;
  /**
   * Search results (rows of several folders): the search, and the dragged messages each by its folder; with
   * `messageIds: '*'` every result of the search.
   */
  search?: string;
  refs?: ReadonlyArray<{ mailboxId: string; messageId: number }>;
}

export function writeMessageDrag(dataTransfer: DataTransfer, payload: MessageDragPayload): void {
  dataTransfer.setData(messageDragType, JSON.stringify(payload));
  dataTransfer.effectAllowed = 'move';
}

/** True while a message drag is over an element (only the type is readable before the drop). */
export function isMessageDrag(dataTransfer: DataTransfer): boolean {
  return Array.from(dataTransfer.types).includes(messageDragType);
}

export function readMessageDrag(dataTransfer: DataTransfer): MessageDragPayload | null {
  const raw = dataTransfer.getData(messageDragType);
  if (!raw) return null;
  try {
    const value = JSON.parse(raw) as Partial<MessageDragPayload>;
    if (typeof value.userIndex !== 'number' || typeof value.mailboxId !== 'string') return null;
    if (value.messageIds !== '*' && !Array.isArray(value.messageIds)) return null;
    return value as MessageDragPayload;
  } catch {
    return null;
  }
}
