import FolderOffOutlinedIcon from '@mui/icons-material/FolderOffOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { useTheme } from '@mui/material/styles';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { Link as RouterLink, Outlet, useParams } from 'react-router';
import { useFolder } from '../../features/mailboxes/api/get-mailbox-tree';
import { useFolderCountEffects } from '../../features/mailboxes/hooks/use-folder-count-effects';
import { folderDisplayName } from '../../features/mailboxes/lib/folder-display-name';
import { MessageList } from '../../features/messages/components/message-list';
import { ReadingPaneEmpty } from '../../features/messages/components/reading-pane-empty';
import { useTranslation } from '../../shared/i18n/translation';
import { useUserIndex } from '../../shared/session/use-user-index';
import { usePageTitle } from '../../shared/ui/use-page-title';

/**
 * Route Mailbox (/u/:userIndex/:mailboxId): the folder's message list, and in the 3-panel layout (md and up) the
 * reading pane beside it. On small screens an open message replaces the list.
 */
export function MailboxRoute() {
  const userIndex = useUserIndex();
  const { mailboxId = '', messageId } = useParams();
  const { t } = useTranslation('mailboxes');
  const theme = useTheme();
  const wide = useMediaQuery(theme.breakpoints.up('md'), { noSsr: true });
  const folder = useFolder(userIndex, mailboxId);
  const counts = useFolderCountEffects(userIndex);
  const name = folder.data ? folderDisplayName(folder.data, t) : '';
  const messageOpen = messageId !== undefined;
  usePageTitle(messageOpen ? null : name);

  if (folder.data === null) return <FolderNotFound userIndex={userIndex} />;

  const list = (
    <Box
      sx={{
        display: 'flex',
        flexDirection: 'column',
        minHeight: 0,
        width: wide ? { md: 360, lg: 420, xl: 460 } : '100%',
        flexShrink: 0,
        borderRight: wide ? 1 : 0,
        borderColor: 'divider',
      }}
    >
      <MessageList
        userIndex={userIndex}
        mailboxId={mailboxId}
        selectedMessageId={messageOpen ? Number(messageId) : undefined}
        showRecipients={folder.data?.specialUse === 'sent' || folder.data?.specialUse === 'drafts'}
        label={name}
        onRefresh={counts.refresh}
      />
    </Box>
  );

  const readingPane = (
    <Box sx={{ flex: 1, minWidth: 0, display: 'flex', overflowY: 'auto' }}>
      {messageOpen ? <Outlet /> : <ReadingPaneEmpty folderName={name} total={folder.data?.total} />}
    </Box>
  );

  if (!wide) return messageOpen ? readingPane : list;
  return (
    <Box sx={{ flex: 1, minWidth: 0, display: 'flex' }}>
      {list}
      {readingPane}
    </Box>
  );
}

function FolderNotFound({ userIndex }: { userIndex: number }) {
  const { t } = useTranslation('mailboxes');
  usePageTitle(t('folderNotFound'));
  return (
    <Box sx={{ flex: 1, textAlign: 'center', py: 10, px: 3, color: 'text.secondary' }}>
      <FolderOffOutlinedIcon aria-hidden sx={{ fontSize: 56, opacity: 0.5 }} />
      <Typography component="h1" variant="h6" sx={{ my: 2, color: 'text.primary' }}>
        {t('folderNotFound')}
      </Typography>
      <Button component={RouterLink} to={`/u/${userIndex}`} variant="outlined">
        {t('goToInbox')}
      </Button>
    </Box>
  );
}
