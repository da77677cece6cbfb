import { Navigate, useParams } from 'react-router';
import { useFolderCountEffects } from '../../features/mailboxes/hooks/use-folder-count-effects';
import { folderHref } from '../../features/messages/api/message-paths';
import { MessageView } from '../../features/messages/components/message-view';
import { useSideBySide } from '../../features/messages/hooks/use-side-by-side';
import { useListPreferences } from '../../features/settings/api/get-user-details';
import { useUserIndex } from '../../shared/session/use-user-index';

/**
 * Route MailboxThread (/u/:userIndex/:mailboxId/:threadId/:messageId): one message. The thread view (all
 * messages of :threadId) arrives with its issue; the id is already part of the URL so links stay stable.
 * Where the message replaces the list (2-panel setting or a small screen) it has a back button.
 */
export function MailboxThreadRoute() {
  const userIndex = useUserIndex();
  const { mailboxId = '', messageId = '' } = useParams();
  const sideBySide = useSideBySide(useListPreferences(userIndex).viewMode);
  const counts = useFolderCountEffects(userIndex);
  const listHref = folderHref(userIndex, mailboxId);
  const uid = /^\d+$/.test(messageId) ? Number(messageId) : NaN;

  if (!Number.isSafeInteger(uid) || uid < 1) return <Navigate to={listHref} replace />;
  return (
    <MessageView
      key={`${mailboxId}/${uid}`}
      userIndex={userIndex}
      mailboxId={mailboxId}
      messageId={uid}
      backHref={listHref}
      showBack={!sideBySide}
      counts={counts}
    />
  );
}
