import BookmarkAddOutlinedIcon from '@mui/icons-material/BookmarkAddOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useInfiniteQuery, useQueryClient } from '@tanstack/react-query';
import { parseSearch, type DisplayDensity, type ListMode, type SpecialUse } from '@webmail/contracts';
import { useCallback, useState } from 'react';
import { useParams } from 'react-router';
import { useTranslation } from '../../../shared/i18n/translation';
import { searchMessageHref } from '../../../shared/routing/mail-hrefs';
import { refreshTree } from '../../mailboxes/api/mailboxes.cache';
import { useListMode } from '../../messages/api/list-mode';
import { MessageListView, rowKey } from '../../messages/components/message-list-view';
import type { MoveTarget } from '../../messages/components/more-actions-menu';
import { searchResultsQueryOptions } from '../api/get-search-results';
import { queryErrorText } from '../lib/query-errors';
import { useRunSearchAction } from '../api/search-mass-action';
import { useSearchActionProgress } from '../api/search-progress';
import { SaveSearchDialog } from './save-search-dialog';

export interface SearchResultsProps {
  userIndex: number;
  search: string;
  density: DisplayDensity;
  moveTargets: MoveTarget[];
  /** The special use of a folder (tree), for which actions a one-folder search offers and whose rows name recipients. */
  specialUseOf: (mailboxId: string) => SpecialUse | null;
}

/**
 * A search's results: the messages feature's list view over the search's pages, with the search's own runner
 * (every result, or chosen ones across folders). A query that does not read shows why instead of asking.
 */
export function SearchResults(props: SearchResultsProps) {
  const { userIndex, search, specialUseOf } = props;
  const { t } = useTranslation('search');
  const { t: tErrors } = useTranslation('errors');
  const queryClient = useQueryClient();
  const { mailboxId, messageId } = useParams();
  const [mode] = useListMode(userIndex);
  const parsed = parseSearch(search);
  const first = useInfiniteQuery({
    ...searchResultsQueryOptions(userIndex, search, mode),
    enabled: parsed.ok,
  });
  const page = first.data?.pages[0];
  const run = useRunSearchAction(userIndex, search);
  const progress = useSearchActionProgress(userIndex, search);
  const [saving, setSaving] = useState(false);
  const listQuery = useCallback(
    (listMode: ListMode) => searchResultsQueryOptions(userIndex, search, listMode),
    [userIndex, search],
  );

  if (!search.trim()) return <Notice text={t('results.none')} />;
  if (!parsed.ok) {
    return <Notice text={queryErrorText(parsed.errors, tErrors)} />;
  }
  // One folder searched: its special use decides the actions (delete forever in Trash, not spam in Junk).
  const only = page && 'mailboxes' in page && Array.isArray(page.mailboxes) && page.mailboxes.length === 1;
  const folderId = only ? (page.mailboxes as string[])[0]! : '';
  const folder = { id: folderId, specialUse: folderId ? specialUseOf(folderId) : null };
  const label = t('results.label', { query: search });

  return (
    <>
      <Box sx={{ display: 'flex', justifyContent: 'flex-end', px: 1, pt: 0.5, flexShrink: 0 }}>
        <Button size="small" startIcon={<BookmarkAddOutlinedIcon />} onClick={() => setSaving(true)}>
          {t('results.save')}
        </Button>
      </Box>
      <MessageListView
        userIndex={userIndex}
        listQuery={listQuery}
        listKey={`search\n${search}`}
        folder={folder}
        label={label}
        listLabel={label}
        totalLabel={(count) => t('results.total', { count })}
        allSelectedLabel={(count) => t('results.all', { count })}
        openRow={mailboxId && messageId ? rowKey({ mailbox: mailboxId, id: Number(messageId) }) : undefined}
        rowHref={(row) => searchMessageHref(userIndex, search, row.mailbox, row.thread, row.id)}
        showRecipients={(row) => ['sent', 'drafts'].includes(specialUseOf(row.mailbox) ?? '')}
        density={props.density}
        moveTargets={props.moveTargets}
        run={run}
        progress={progress}
        dragSearch={search}
        emptyLabel={t('results.empty')}
        onRefresh={(refetch) => {
          refetch();
          void refreshTree(queryClient, userIndex);
        }}
      />
      {saving && <SaveSearchDialog userIndex={userIndex} query={search} onClose={() => setSaving(false)} />}
    </>
  );
}

function Notice({ text }: { text: string }) {
  return (
    <Box sx={{ textAlign: 'center', px: 3, py: 8, color: 'text.secondary' }}>
      <Typography>{text}</Typography>
    </Box>
  );
}
