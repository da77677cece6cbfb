import { useState, type DragEvent } from 'react';
import { isRecipientDrag, readRecipientDrag } from '../../../shared/dnd/recipient-drag';
import { addChips, toChip, type AddressChip } from '../lib/address-chips';

/**
 * Contacts dragged from the contacts panel onto an address field: while one is over the field `dropping` is
 * true (the field shows a dashed outline), and a drop adds the contacts as chips after the ones already there.
 * Other drags (files, text) are left alone, so they reach the composer's own drop handling.
 */
export function useRecipientDrop(chips: AddressChip[], onChange: (chips: AddressChip[]) => void) {
  const [dropping, setDropping] = useState(false);
  const onDragOver = (event: DragEvent) => {
    if (!isRecipientDrag(event.dataTransfer)) return;
    event.preventDefault();
    event.dataTransfer.dropEffect = 'copy';
    setDropping(true);
  };
  const onDrop = (event: DragEvent) => {
    setDropping(false);
    if (!isRecipientDrag(event.dataTransfer)) return;
    event.preventDefault();
    const dropped = readRecipientDrag(event.dataTransfer).map((r) => toChip(r.name, r.address));
    if (dropped.length > 0) onChange(addChips(chips, dropped));
  };
  return { dropping, onDragOver, onDragLeave: () => setDropping(false), onDrop };
}
