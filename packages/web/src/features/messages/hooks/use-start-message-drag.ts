import type { MessageSummary } from '@webmail/contracts';
import type { DragEvent } from 'react';
import { useTranslation } from '../../../shared/i18n/translation';
import type { ActionSelection } from '../actions/message-actions';
import { startMessageDrag } from '../lib/start-message-drag';
import { rowKey, rowSelection, type RowKey } from './use-message-selection';

/**
 * Dragging a row of the list: a selected row drags the whole selection (`scope`), another row drags itself. A
 * list of search results (`dragSearch`, '*' = every result) carries its search and each message's folder.
 */
export function useStartMessageDrag(
  userIndex: number,
  folderId: string,
  scope: ActionSelection,
  isSelected: (key: RowKey) => boolean,
  dragSearch: string | undefined,
): (row: MessageSummary, event: DragEvent) => void {
  const { t } = useTranslation('messages');
  return (row, event) => {
    const dragged = isSelected(rowKey(row)) ? scope : rowSelection(folderId, row);
    const payload = {
      userIndex,
      mailboxId: folderId,
      messageIds: dragged.messageIds,
      count: dragged.count,
      ...(dragSearch !== undefined ? { search: dragSearch, refs: dragged.refs ?? [] } : {}),
    };
    startMessageDrag(event, payload, t('drag.count', { count: dragged.count }));
  };
}
