import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import {
  useInfiniteQuery,
  type InfiniteData,
  type QueryKey,
  type UseInfiniteQueryOptions,
} from '@tanstack/react-query';
import type {
  DisplayDensity,
  ListMode,
  ListSort,
  MessageListResponse,
  MessageSummary,
} from '@webmail/contracts';
import { useMemo, useRef } from 'react';
import { useTranslation } from '../../../shared/i18n/translation';
import type { ActionFolder } from '../actions/message-actions';
import { useListOptions } from '../api/list-options';
import type { RunMassAction } from '../api/mass-action';
import type { MassActionProgress } from '../api/mass-action-progress';
import { useEscapeClearsSelection } from '../hooks/use-escape-clears-selection';
import { useListActions } from '../hooks/use-list-actions';
import { useListMode } from '../hooks/use-list-mode';
import { useMailboxChangeSync } from '../hooks/use-mailbox-change-sync';
import {
  rowKey,
  useMessageSelection,
  type MessageSelection,
  type RowKey,
} from '../hooks/use-message-selection';
import { useNextPage } from '../hooks/use-next-page';
import { flattenPages } from '../lib/message-cache';
import { rowLayouts } from '../lib/row-density';
import { ConfirmDeleteDialog } from './confirm-delete-dialog';
import { MessageListHeader, type SelectAllState } from './message-list-header';
import { MessageListScrollBox } from './message-list-scroll-box';
import { MessageListBody } from './message-list-states';
import { MessageRows } from './message-rows';
import { MessageToolbar } from './message-toolbar';
import type { MoveTarget } from './more-actions-menu';

export type { ActionFolder } from '../actions/message-actions';
export type { RunMassAction, MassActionInput } from '../api/mass-action';
export { rowKey, type RowKey };

/** The pages of a list in one list mode: a folder's, or a search's results. */
export type ListQueryOptions<K extends QueryKey = QueryKey> = UseInfiniteQueryOptions<
  MessageListResponse,
  Error,
  InfiniteData<MessageListResponse>,
  K,
  number
>;

export interface MessageListViewProps<K extends QueryKey> {
  userIndex: number;
  /** What is listed, in the list mode chosen on this device (and the user's order where `sortable`). */
  listQuery: (mode: ListMode, sort: ListSort) => ListQueryOptions<K>;
  /** The list follows the user's order and offers the order picker (a folder's list; search results do not). */
  sortable?: boolean;
  /** Which list this is (folder, search): the selection and the remembered scroll position belong to it. */
  listKey: string;
  /** The folder the rows are in, or for search results the folder searched (or none): offers the actions. */
  folder: ActionFolder;
  /**
   * How many messages a select-all addresses (a folder's message count, also in conversation mode); by default
   * the list's total.
   */
  selectAllCount?: number;
  /** The heading, and the folder the list's accessible name says ("Messages in …") unless `listLabel` is given. */
  label: string;
  listLabel?: string;
  /** The line under the heading ("120 messages", "42 results"). */
  totalLabel?: (total: number, mode: ListMode) => string;
  /** The toolbar's label for a select-all ("All 1,284 results"). */
  allSelectedLabel?: (count: number) => string;
  openRow: RowKey | undefined;
  rowHref: (row: MessageSummary) => string;
  showRecipients: (row: MessageSummary) => boolean;
  density: DisplayDensity;
  moveTargets: MoveTarget[];
  /** Runs the actions of a list that spans folders (search results); a folder's list runs the folder's. */
  run?: RunMassAction;
  /** The running mass action's progress, if any. */
  progress: MassActionProgress | null;
  /** The search a drag of the results carries. */
  dragSearch?: string;
  /** The refresh button: the list again (and whatever else the caller keeps in step). */
  onRefresh: (refetch: () => void) => void;
  /** Shown when there are no rows ("No messages in this folder", "No results"). */
  emptyLabel?: string;
}

const selectAllState = (selection: MessageSelection): SelectAllState =>
  selection.selected === 'all' ? 'all' : selection.size > 0 ? 'some' : 'none';

/**
 * A list of messages or conversations in the user's order (newest first by default), virtualised and loaded page by page, with selection, the
 * action toolbar, keys, dragging and a remembered scroll position (README.md). A folder's list and a search's
 * results are both this view over their own pages.
 */
export function MessageListView<K extends QueryKey>(props: MessageListViewProps<K>) {
  const { userIndex, listKey, folder, label, moveTargets, run, dragSearch } = props;
  const { t } = useTranslation('messages');
  const [mode, setMode] = useListMode(userIndex);
  const { sort, setSort, swipe } = useListOptions(userIndex);
  const query = useInfiniteQuery(props.listQuery(mode, sort));
  const rows = useMemo(() => flattenPages(query.data), [query.data]);
  const listTotal = query.data?.pages[0]?.total;
  const selection = useMessageSelection(`${listKey}\n${mode}`, rows);
  const actions = useListActions({
    userIndex,
    folder,
    folderTotal: props.selectAllCount ?? listTotal ?? 0,
    rows,
    selection,
    run,
    dragSearch,
    swipeSettings: swipe,
  });
  const pane = useRef<HTMLDivElement>(null);
  useEscapeClearsSelection(pane, actions.hasSelection, selection.clear);
  const onLastVisible = useNextPage(query, rows.length);
  useMailboxChangeSync(userIndex);
  const orderKey = props.sortable ? `\n${sort.field}-${sort.order}` : '';

  const selectAll = selectAllState(selection);
  const allCount = listTotal ?? props.selectAllCount ?? 0;
  const toolbar = actions.hasSelection && (
    <MessageToolbar
      label={
        selectAll === 'all'
          ? (props.allSelectedLabel?.(allCount) ?? t('selection.all', { count: allCount }))
          : t('selection.count', { count: selection.size })
      }
      actions={actions.actions}
      extras={actions.extras}
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
        totalLabel={props.totalLabel}
        mode={mode}
        onModeChange={setMode}
        sort={props.sortable ? sort : undefined}
        onSortChange={props.sortable ? setSort : undefined}
        onRefresh={() => props.onRefresh(() => void query.refetch())}
        selectAll={selectAll}
        onSelectAll={selectAll === 'none' ? selection.selectAll : selection.clear}
        toolbar={toolbar || null}
        progress={props.progress}
      />
      {(query.isFetchingNextPage || (query.isFetching && !query.isPending)) && (
        <LinearProgress
          aria-label={t('list.loadingMore')}
          sx={{ position: 'absolute', top: 55, left: 0, right: 0, height: 2, zIndex: 1 }}
        />
      )}
      <MessageListScrollBox memoryKey={`${listKey}\n${mode}${orderKey}`} ready={rows.length > 0}>
        {(scroll) => (
          <MessageListBody
            pending={query.isPending}
            failed={query.isError}
            empty={rows.length === 0}
            emptyLabel={props.emptyLabel}
            onRetry={() => void query.refetch()}
          >
            <MessageRows
              // Another density is another fixed row height: start the virtualizer over.
              key={props.density}
              rows={rows}
              setSize={listTotal ?? rows.length}
              label={label}
              listLabel={props.listLabel}
              rowHref={props.rowHref}
              openRow={props.openRow}
              isChecked={selection.isSelected}
              showRecipients={props.showRecipients}
              layout={rowLayouts[props.density]}
              scrollElement={scroll.element}
              initialOffset={scroll.initialOffset}
              onLastVisible={onLastVisible}
              onToggleFlag={actions.toggleFlag}
              onSelect={selection.select}
              onDragStart={actions.startDrag}
              swipe={actions.swipe}
              keys={actions.keys}
            />
          </MessageListBody>
        )}
      </MessageListScrollBox>
      <ConfirmDeleteDialog {...actions.confirm} />
    </Box>
  );
}
