/**
 * The drag payload of people dragged onto a recipient field (a contact from the contacts panel onto the
 * composer's To). It lives in shared because two features meet here: contacts starts the drag, compose is the
 * drop target. The payload also goes as `text/plain` (`Name <address>`), so any text field takes it.
 */
export const recipientDragType = 'application/x-webmail-recipients';

export interface DraggedRecipient {
  name: string;
  address: string;
}

export function writeRecipientDrag(dataTransfer: DataTransfer, recipients: DraggedRecipient[]): void {
  dataTransfer.setData(recipientDragType, JSON.stringify(recipients));
  dataTransfer.setData(
    'text/plain',
    recipients.map((r) => (r.name ? `${r.name} <${r.address}>` : r.address)).join(', '),
  );
  dataTransfer.effectAllowed = 'copy';
}

/** True while a recipient drag is over an element (only the type is readable before the drop). */
export function isRecipientDrag(dataTransfer: DataTransfer): boolean {
  return Array.from(dataTransfer.types).includes(recipientDragType);
}

export function readRecipientDrag(dataTransfer: DataTransfer): DraggedRecipient[] {
  try {
    const value = JSON.parse(dataTransfer.getData(recipientDragType) || '[]') as unknown;
    if (!Array.isArray(value)) return [];
    return value.filter(
      (r): r is DraggedRecipient => typeof r?.name === 'string' && typeof r?.address === 'string',
    );
  } catch {
    return [];
  }
}
