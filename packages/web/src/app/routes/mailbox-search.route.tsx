import { useMemo } from 'react';
import { useParams, useSearchParams } from 'react-router';
import { useMailboxTree } from '../../features/mailboxes/api/get-mailbox-tree';
import { findFolder } from '../../features/mailboxes/lib/folder-tree';
import { useSideBySide } from '../../features/messages/hooks/use-side-by-side';
import { ReadingPaneEmpty } from '../../features/reading/components/reading-pane-empty';
import { SearchResults } from '../../features/search/components/search-results';
import { useListPreferences } from '../../features/settings/api/get-user-details';
import { useTranslation } from '../../shared/i18n/translation';
import { useUserIndex } from '../../shared/session/use-user-index';
import { usePageTitle } from '../../shared/ui/use-page-title';
import { ListAndReadingPanes } from './list-and-reading-panes';
import { moveTargetsOf } from './move-targets';

/**
 * Route MailboxSearch (/u/:userIndex/search?search=…): the results of a search as a list like a folder's, and in
 * the 3-panel layout the reading pane beside it. It composes the folder tree (mailboxes: special uses, move
 * targets), the stored layout and density (settings) and the results (search).
 */
export function MailboxSearchRoute() {
  const userIndex = useUserIndex();
  const { messageId } = useParams();
  const [params] = useSearchParams();
  const search = params.get('search') ?? '';
  const { t } = useTranslation('search');
  const { t: tMailboxes } = useTranslation('mailboxes');
  const { viewMode, density } = useListPreferences(userIndex);
  const sideBySide = useSideBySide(viewMode);
  const tree = useMailboxTree(userIndex);
  const moveTargets = useMemo(() => moveTargetsOf(tree.data ?? [], tMailboxes), [tree.data, tMailboxes]);
  const messageOpen = messageId !== undefined;
  usePageTitle(messageOpen ? null : search ? `${search} - ${t('pageTitle')}` : t('pageTitle'));
  const specialUseOf = (mailboxId: string) =>
    tree.data ? (findFolder(tree.data, mailboxId)?.specialUse ?? null) : null;

  return (
    <ListAndReadingPanes
      sideBySide={sideBySide}
      messageOpen={messageOpen}
      list={
        <SearchResults
          userIndex={userIndex}
          search={search}
          density={density}
          moveTargets={moveTargets}
          specialUseOf={specialUseOf}
        />
      }
      empty={<ReadingPaneEmpty folderName={t('results.title')} total={undefined} />}
    />
  );
}
