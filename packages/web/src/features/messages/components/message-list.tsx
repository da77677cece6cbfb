import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import type { MessageSummary } from '@webmail/contracts';
import { useVirtualizer } from '@tanstack/react-virtual';
import { useCallback, useEffect, useRef } from 'react';
import { useTranslation } from '../../../shared/i18n/translation';
import { useMessageList } from '../api/get-message-list';
import { useUpdateMessageFlags } from '../api/update-message-flags';
import { flattenPages } from '../lib/message-cache';
import { MessageListHeader } from './message-list-header';
import { MessageListEmpty, MessageListError, MessageListSkeleton } from './message-list-states';
import { MessageRow, messageRowHeight } from './message-row';

export interface MessageListProps {
  userIndex: number;
  mailboxId: string;
  selectedMessageId: number | undefined;
  /** Sent and Drafts name the recipients instead of the sender. */
  showRecipients: boolean;
  /** The folder's display name: the heading and the list's accessible name. */
  label: string;
  /** Also re-read the folder counts when the user refreshes. */
  onRefresh?: () => void;
}

/** Rows left below the viewport when the next page is requested. */
const prefetchRows = 15;

/**
 * A folder's messages, newest first, virtualised (only visible rows are in the DOM) and loaded page by page as
 * the user scrolls (architecture §6).
 */
export function MessageList(props: MessageListProps) {
  const { userIndex, mailboxId, selectedMessageId, showRecipients, label, onRefresh } = props;
  const { t } = useTranslation('messages');
  const query = useMessageList(userIndex, mailboxId);
  const { mutate: updateFlags } = useUpdateMessageFlags(userIndex, mailboxId);
  const scrollRef = useRef<HTMLDivElement>(null);
  const rows = flattenPages(query.data);
  const total = query.data?.pages[0]?.total;

  // The virtualizer's methods are read fresh on every render; nothing here is memoised by a compiler.
  // eslint-disable-next-line react-hooks/incompatible-library
  const virtualizer = useVirtualizer({
    count: rows.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => messageRowHeight,
    overscan: 6,
  });
  const items = virtualizer.getVirtualItems();
  const lastVisible = items[items.length - 1]?.index ?? -1;
  const { hasNextPage, isFetchingNextPage, isFetchNextPageError, fetchNextPage } = query;

  // A failed page is not requested again in a loop: the snackbar's Retry (or the refresh button) repeats it.
  const wantsNextPage = hasNextPage && !isFetchingNextPage && !isFetchNextPageError;
  useEffect(() => {
    if (wantsNextPage && lastVisible >= rows.length - prefetchRows) void fetchNextPage();
  }, [lastVisible, rows.length, wantsNextPage, fetchNextPage]);

  // A new folder starts at the top.
  useEffect(() => {
    scrollRef.current?.scrollTo({ top: 0 });
  }, [mailboxId]);

  const toggleFlag = useCallback(
    (message: MessageSummary) => updateFlags({ messageId: message.id, patch: { flagged: !message.flagged } }),
    [updateFlags],
  );

  let content;
  if (query.isPending) content = <MessageListSkeleton />;
  else if (query.isError && rows.length === 0)
    content = <MessageListError onRetry={() => void query.refetch()} />;
  else if (rows.length === 0) content = <MessageListEmpty />;
  else {
    content = (
      <Box
        component="ul"
        aria-label={t('list.label', { folder: label })}
        sx={{ position: 'relative', m: 0, p: 0, height: virtualizer.getTotalSize() }}
      >
        {items.map((item) => {
          const message = rows[item.index]!;
          return (
            <MessageRow
              key={message.id}
              message={message}
              href={`/u/${userIndex}/${encodeURIComponent(mailboxId)}/${encodeURIComponent(message.thread)}/${message.id}`}
              selected={message.id === selectedMessageId}
              showRecipients={showRecipients}
              position={item.index + 1}
              setSize={total ?? rows.length}
              style={{ transform: `translateY(${item.start}px)` }}
              onToggleFlag={toggleFlag}
            />
          );
        })}
      </Box>
    );
  }

  return (
    <Box sx={{ position: 'relative', flex: 1, minHeight: 0, display: 'flex', flexDirection: 'column' }}>
      <MessageListHeader
        title={label}
        total={total}
        onRefresh={() => {
          void query.refetch();
          onRefresh?.();
        }}
      />
      {(isFetchingNextPage || (query.isFetching && !query.isPending)) && (
        <LinearProgress
          aria-label={t('list.loadingMore')}
          sx={{ position: 'absolute', top: 55, left: 0, right: 0, height: 2, zIndex: 1 }}
        />
      )}
      <Box ref={scrollRef} sx={{ flex: 1, minHeight: 0, overflowY: 'auto', overscrollBehavior: 'contain' }}>
        {content}
      </Box>
    </Box>
  );
}
