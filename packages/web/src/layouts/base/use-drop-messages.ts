import { useCallback } from 'react';
import { useLocation, useSearchParams } from 'react-router';
import { useRunMassAction } from '../../features/messages/api/mass-action';
import { useRunSearchAction } from '../../features/search/api/search-mass-action';
import type { MessageDragPayload } from '../../shared/dnd/message-drag';
import { isWithin } from '../../shared/routing/app-paths';

/**
 * Messages dropped on a folder of the sidebar move there. Search results are dragged from the results page: their
 * drops run that search's action; any other drag runs the folder's mass action.
 */
export function useDropMessages(userIndex: number): (targetId: string, payload: MessageDragPayload) => void {
  const { pathname } = useLocation();
  const [params] = useSearchParams();
  const pageSearch = isWithin('MailboxSearch', pathname) ? (params.get('search') ?? '') : '';
  const runSearchAction = useRunSearchAction(userIndex, pageSearch);
  const runMassAction = useRunMassAction(userIndex);
  return useCallback(
    (targetId: string, payload: MessageDragPayload) => {
      const input = {
        action: 'move' as const,
        mailboxId: payload.mailboxId,
        messageIds: payload.messageIds,
        moveToTarget: targetId,
      };
      if (payload.search !== undefined && payload.search === pageSearch) {
        runSearchAction({ ...input, refs: payload.refs ?? [] });
      } else {
        runMassAction(input);
      }
    },
    [runMassAction, runSearchAction, pageSearch],
  );
}
