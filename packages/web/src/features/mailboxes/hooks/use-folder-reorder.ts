import type { Folder } from '@webmail/contracts';
import { useState, type DragEvent } from 'react';
import { useUpdateFolderOrder } from '../api/update-folder-order';
import { customSiblingsOf, moveAmongSiblings } from '../lib/folder-order';

/** Drag type of a folder row; the id travels in component state, this only marks the drag as ours. */
const folderDragType = 'application/x-webmail-folder';

/**
 * Reordering custom folders among their siblings (folders settings) by native HTML5 drag and drop, and
 * by `moveTo` for the keyboard (move up / move down menu items). Each move is saved at once, optimistically.
 */
export function useFolderReorder(userIndex: number, folders: readonly Folder[]) {
  const save = useUpdateFolderOrder(userIndex);
  const [dragging, setDragging] = useState<string | null>(null);
  const [over, setOver] = useState<string | null>(null);

  const moveTo = (id: string, toIndex: number) => {
    const order = moveAmongSiblings(folders, id, toIndex);
    if (order) save.mutate({ order });
  };

  const accepts = (target: Folder) =>
    dragging !== null &&
    dragging !== target.id &&
    customSiblingsOf(folders, dragging).some((sibling) => sibling.id === target.id);

  const endDrag = () => {
    setDragging(null);
    setOver(null);
  };

  /** Props for a custom folder's row; `index` is its place among its custom siblings. */
  const rowProps = (folder: Folder, index: number) => ({
    draggable: true,
    onDragStart: (event: DragEvent) => {
      event.stopPropagation();
      // Firefox starts a drag only when some data is set.
      event.dataTransfer.setData(folderDragType, folder.id);
      event.dataTransfer.setData('text/plain', folder.name);
      event.dataTransfer.effectAllowed = 'move';
      setDragging(folder.id);
    },
    onDragEnd: endDrag,
    onDragOver: (event: DragEvent) => {
      if (!accepts(folder)) return;
      event.preventDefault();
      event.dataTransfer.dropEffect = 'move';
      if (over !== folder.id) setOver(folder.id);
    },
    onDragLeave: (event: DragEvent) => {
      if (!event.currentTarget.contains(event.relatedTarget as Node | null) && over === folder.id)
        setOver(null);
    },
    onDrop: (event: DragEvent) => {
      if (!accepts(folder) || dragging === null) return;
      event.preventDefault();
      moveTo(dragging, index);
      endDrag();
    },
  });

  return { rowProps, moveTo, dragging, over };
}
