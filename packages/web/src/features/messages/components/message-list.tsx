import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import type { DisplayDensity } from '@webmail/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from '../../../shared/i18n/translation';
import { refreshTree } from '../../mailboxes/api/mailboxes.cache';
import type { ActionFolder } from '../actions/message-actions';
import { useMessageList } from '../api/get-message-list';
import { useMassActionProgress } from '../api/mass-action-progress';
import { useEscapeClearsSelection } from '../hooks/use-escape-clears-selection';
import { useListActions } from '../hooks/use-list-actions';
import { useListMode } from '../hooks/use-list-mode';
import { useMailboxChangeSync } from '../hooks/use-mailbox-change-sync';
import { useMessageSelection, type MessageSelection } from '../hooks/use-message-selection';
import { useNextPage } from '../hooks/use-next-page';
import { flattenPages } from '../lib/message-cache';
import { rowLayouts } from '../lib/row-density';
import { ConfirmDeleteDialog } from './confirm-delete-dialog';
import { MessageListHeader, type SelectAllState } from './message-list-header';
import { MessageListBody } from './message-list-states';
import { MessageRows } from './message-rows';
import { MessageToolbar } from './message-toolbar';
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

const selectAllState = (selection: MessageSelection): SelectAllState =>
  selection.selected === 'all' ? 'all' : selection.size > 0 ? 'some' : 'none';

/**
 * A folder's messages or conversations, newest first, virtualised and loaded page by page, with
 * selection, the action toolbar, keys and dragging (README.md).
 */
export function MessageList(props: MessageListProps) {
  const { userIndex, folder, folderTotal, label, moveTargets } = props;
  const queryClient = useQueryClient();
  const { t } = useTranslation('messages');
  const [mode, setMode] = useListMode(userIndex);
  const query = useMessageList(userIndex, folder.id, mode);
  const rows = useMemo(() => flattenPages(query.data), [query.data]);
  const listTotal = query.data?.pages[0]?.total;
  const selection = useMessageSelection(`${folder.id}\n${mode}`, rows);
  const actions = useListActions({ userIndex, folder, folderTotal: folderTotal ?? 0, rows, selection });
  const progress = useMassActionProgress(userIndex, folder.id);
  const pane = useRef<HTMLDivElement>(null);
  useEscapeClearsSelection(pane, actions.hasSelection, selection.clear);
  const onLastVisible = useNextPage(query, rows.length);
  useMailboxChangeSync(userIndex);
  // State, not a ref: rows mounted in the same commit as their scroll box (cached data) run their layout effects
  // before a parent's ref is attached, and the virtualizer would measure no viewport and render no rows.
  const [scrollElement, setScrollElement] = useState<HTMLDivElement | null>(null);

  // A new folder or mode starts at the top.
  useEffect(() => {
    scrollElement?.scrollTo({ top: 0 });
  }, [scrollElement, folder.id, mode]);

  const selectAll = selectAllState(selection);
  const toolbar = actions.hasSelection && (
    <MessageToolbar
      label={
        selectAll === 'all'
          ? t('selection.all', { count: listTotal ?? folderTotal ?? 0 })
          : t('selection.count', { count: selection.size })
      }
      actions={actions.actions}
      moveTargets={moveTargets.filter((target) => target.id !== folder.id)}
      onAction={actions.perform}
    />
  );

  return (
    <Box
      ref={pane}
      sx={{ position: 'relative', flex: 1, minHeight: 0, display: 'flex', flexDirection: 'column' }}
    >
      <MessageListHeader
        title={label}
        total={listTotal}
        mode={mode}
        onModeChange={setMode}
        onRefresh={() => {
          // The folder counts too: the list may have changed since they were read.
          void query.refetch();
          void refreshTree(queryClient, userIndex);
        }}
        selectAll={selectAll}
        onSelectAll={selectAll === 'none' ? selection.selectAll : selection.clear}
        toolbar={toolbar || null}
        progress={progress}
      />
      {(query.isFetchingNextPage || (query.isFetching && !query.isPending)) && (
        <LinearProgress
          aria-label={t('list.loadingMore')}
          sx={{ position: 'absolute', top: 55, left: 0, right: 0, height: 2, zIndex: 1 }}
        />
      )}
      <Box
        ref={setScrollElement}
        sx={{
          flex: 1,
          minHeight: 0,
          overflowY: 'auto',
          overscrollBehavior: 'contain',
          // MessageRows keeps the visible rows in place itself when rows come or go above them.
          overflowAnchor: 'none',
        }}
      >
        <MessageListBody
          pending={query.isPending}
          failed={query.isError}
          empty={rows.length === 0}
          onRetry={() => void query.refetch()}
        >
          <MessageRows
            // Another density is another fixed row height: start the virtualizer over.
            key={props.density}
            userIndex={userIndex}
            mailboxId={folder.id}
            rows={rows}
            setSize={listTotal ?? rows.length}
            label={label}
            openMessageId={props.openMessageId}
            isChecked={selection.isSelected}
            showRecipients={props.showRecipients}
            layout={rowLayouts[props.density]}
            scrollElement={scrollElement}
            onLastVisible={onLastVisible}
            onToggleFlag={actions.toggleFlag}
            onSelect={selection.select}
            onDragStart={actions.startDrag}
            keys={actions.keys}
          />
        </MessageListBody>
      </Box>
      <ConfirmDeleteDialog {...actions.confirm} />
    </Box>
  );
}
