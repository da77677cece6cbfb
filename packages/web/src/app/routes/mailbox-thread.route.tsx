import { Navigate, useParams } from 'react-router';
import { folderHref, messageHref } from '../../shared/routing/mail-hrefs';
import { ConversationView } from '../../features/reading/components/conversation-view';
import { useSideBySide } from '../../features/messages/hooks/use-side-by-side';
import { useListPreferences } from '../../features/settings/api/get-user-details';
import { useUserIndex } from '../../shared/session/use-user-index';
import { parseMessageUid } from './parse-message-uid';
import { useConversationEnv } from './use-conversation-env';

/**
 * Route MailboxThread (/u/:userIndex/:mailboxId/:threadId/:messageId): the conversation of :threadId, opened at
 * :messageId. Where it replaces the list (2-panel setting or a small screen) it has a back button.
 */
export function MailboxThreadRoute() {
  const userIndex = useUserIndex();
  const { mailboxId = '', threadId = '', messageId } = useParams();
  const sideBySide = useSideBySide(useListPreferences(userIndex).viewMode);
  const uid = parseMessageUid(messageId);
  const env = useConversationEnv(userIndex, {
    mailboxId,
    threadId,
    messageId: uid ?? 0,
    messageHref: (thread, id) => messageHref(userIndex, mailboxId, thread, id),
    listHref: folderHref(userIndex, mailboxId),
    showBack: !sideBySide,
    inTab: false,
  });

  if (uid === null) return <Navigate to={env.listHref} replace />;
  return <ConversationView key={`${mailboxId}/${threadId}/${uid}`} env={env} />;
}
