import { useTheme } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';
import { Navigate, useParams } from 'react-router';
import { useFolderCountEffects } from '../../features/mailboxes/hooks/use-folder-count-effects';
import { MessageView } from '../../features/messages/components/message-view';
import { useUserIndex } from '../../shared/session/use-user-index';

/**
 * Route MailboxThread (/u/:userIndex/:mailboxId/:threadId/:messageId): one message. The thread view (all
 * messages of :threadId) arrives with its issue; the id is already part of the URL so links stay stable.
 */
export function MailboxThreadRoute() {
  const userIndex = useUserIndex();
  const { mailboxId = '', messageId = '' } = useParams();
  const theme = useTheme();
  const wide = useMediaQuery(theme.breakpoints.up('md'), { noSsr: true });
  const counts = useFolderCountEffects(userIndex);
  const listHref = `/u/${userIndex}/${encodeURIComponent(mailboxId)}`;
  const uid = /^\d+$/.test(messageId) ? Number(messageId) : NaN;

  if (!Number.isSafeInteger(uid) || uid < 1) return <Navigate to={listHref} replace />;
  return (
    <MessageView
      key={`${mailboxId}/${uid}`}
      userIndex={userIndex}
      mailboxId={mailboxId}
      messageId={uid}
      backHref={listHref}
      showBack={!wide}
      counts={counts}
    />
  );
}
