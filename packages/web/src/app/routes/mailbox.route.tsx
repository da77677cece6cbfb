import FolderOffOutlinedIcon from '@mui/icons-material/FolderOffOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useMemo } from 'react';
import { Link as RouterLink, useParams } from 'react-router';
import { useFolder, useMailboxTree } from '../../features/mailboxes/api/get-mailbox-tree';
import { folderDisplayName } from '../../features/mailboxes/lib/folder-display-name';
import { MessageList } from '../../features/messages/components/message-list';
import { SnoozedPanel } from '../../features/snooze/components/snoozed-panel';
import { ReadingPaneEmpty } from '../../features/reading/components/reading-pane-empty';
import { useSideBySide } from '../../features/messages/hooks/use-side-by-side';
import { useListPreferences } from '../../features/settings/api/get-user-details';
import { ListAndReadingPanes } from './list-and-reading-panes';
import { moveTargetsOf } from './move-targets';
import { useTranslation } from '../../shared/i18n/translation';
import { userHomePath } from '../../shared/session/session';
import { useUserIndex } from '../../shared/session/use-user-index';
import { usePageTitle } from '../../shared/ui/use-page-title';
import { pageHeadingProps } from '../../shared/ui/focus-rule';

/**
 * Route Mailbox (/u/:userIndex/:mailboxId): the folder's message list, and in the 3-panel layout the reading pane
 * beside it. It composes the features: the folder and its counts (mailboxes), the stored layout and density
 * (settings), the list and its actions (messages).
 */
export function MailboxRoute() {
  const userIndex = useUserIndex();
  const { mailboxId = '', messageId } = useParams();
  const { t } = useTranslation('mailboxes');
  const { viewMode, density } = useListPreferences(userIndex);
  const sideBySide = useSideBySide(viewMode);
  const folder = useFolder(userIndex, mailboxId);
  const tree = useMailboxTree(userIndex);
  const moveTargets = useMemo(() => moveTargetsOf(tree.data ?? [], t), [tree.data, t]);
  const name = folder.data ? folderDisplayName(folder.data, t) : '';
  const messageOpen = messageId !== undefined;
  usePageTitle(messageOpen ? null : name);

  if (folder.data === null) return <FolderNotFound userIndex={userIndex} />;
  const list = (
    <MessageList
      userIndex={userIndex}
      folder={{ id: mailboxId, specialUse: folder.data?.specialUse ?? null }}
      folderTotal={folder.data?.total}
      openMessageId={messageOpen ? Number(messageId) : undefined}
      showRecipients={folder.data?.specialUse === 'sent' || folder.data?.specialUse === 'drafts'}
      label={name}
      density={density}
      moveTargets={moveTargets}
    />
  );

  return (
    <ListAndReadingPanes
      sideBySide={sideBySide}
      messageOpen={messageOpen}
      list={
        // The Snoozed folder shows each conversation's wake time above its list.
        folder.data?.specialUse === 'snoozed' ? (
          <Box sx={{ flex: 1, minHeight: 0, minWidth: 0, display: 'flex', flexDirection: 'column' }}>
            <SnoozedPanel userIndex={userIndex} />
            {list}
          </Box>
        ) : (
          list
        )
      }
      empty={<ReadingPaneEmpty folderName={name} total={folder.data?.total} />}
    />
  );
}

function FolderNotFound({ userIndex }: { userIndex: number }) {
  const { t } = useTranslation('mailboxes');
  usePageTitle(t('folderNotFound'));
  return (
    <Box sx={{ flex: 1, textAlign: 'center', py: 10, px: 3, color: 'text.secondary' }}>
      <FolderOffOutlinedIcon aria-hidden sx={{ fontSize: 56, opacity: 0.5 }} />
      <Typography component="h1" {...pageHeadingProps} variant="h6" sx={{ my: 2, color: 'text.primary' }}>
        {t('folderNotFound')}
      </Typography>
      <Button component={RouterLink} to={userHomePath(userIndex)} variant="outlined">
        {t('goToInbox')}
      </Button>
    </Box>
  );
}
