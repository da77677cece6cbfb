import type { DisplayDensity, ListMode, ListSort } from '@webmail/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { messageHref } from '../../../shared/routing/mail-hrefs';
import { refreshTree } from '../../mailboxes/api/mailboxes.cache';
import type { ActionFolder } from '../actions/message-actions';
import { messageListQueryOptions } from '../api/get-message-list';
import { useMassActionProgress } from '../api/mass-action-progress';
import { rowKey } from '../hooks/use-message-selection';
import { MessageListView } from './message-list-view';
import type { MoveTarget } from './more-actions-menu';

export interface MessageListProps {
  userIndex: number;
  /** The folder shown; its special use decides which actions are offered (registry `isAvailable`). */
  folder: ActionFolder;
  /** Messages in the folder (the tree's count): what a select-all addresses. */
  folderTotal: number | undefined;
  openMessageId: number | undefined;
  /** Sent and Drafts name the recipients instead of the sender. */
  showRecipients: boolean;
  /** The folder's display name: the heading and the list's accessible name. */
  label: string;
  density: DisplayDensity;
  /** Folders the more-menu offers to move to. */
  moveTargets: MoveTarget[];
}

/** A folder's messages or conversations (the list view over the folder's pages). */
export function MessageList(props: MessageListProps) {
  const { userIndex, folder, openMessageId, showRecipients } = props;
  const queryClient = useQueryClient();
  const progress = useMassActionProgress(userIndex, folder.id);
  const listQuery = useCallback(
    (mode: ListMode, sort: ListSort) => messageListQueryOptions(userIndex, folder.id, mode, sort),
    [userIndex, folder.id],
  );
  return (
    <MessageListView
      userIndex={userIndex}
      listQuery={listQuery}
      sortable
      listKey={folder.id}
      folder={folder}
      selectAllCount={props.folderTotal}
      label={props.label}
      openRow={openMessageId === undefined ? undefined : rowKey({ mailbox: folder.id, id: openMessageId })}
      rowHref={(row) => messageHref(userIndex, row.mailbox, row.thread, row.id)}
      showRecipients={() => showRecipients}
      density={props.density}
      moveTargets={props.moveTargets}
      progress={progress}
      onRefresh={(refetch) => {
        // The folder counts too: the list may have changed since they were read.
        refetch();
        void refreshTree(queryClient, userIndex);
      }}
    />
  );
}
