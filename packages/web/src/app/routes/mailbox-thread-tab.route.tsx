import { Navigate, useParams } from 'react-router';
import { folderHref, tabHrefs } from '../../shared/routing/mail-hrefs';
import { ConversationView } from '../../features/reading/components/conversation-view';
import { useUserIndex } from '../../shared/session/use-user-index';
import { parseMessageUid } from './parse-message-uid';
import { useConversationEnv } from './use-conversation-env';

/**
 * Route MailboxThreadTab (/u/:userIndex/tab/:mailboxId/:threadId/:messageId): the conversation in a tab of its own,
 * without the app chrome. Previous / next stay in the tab layout.
 */
export function MailboxThreadTabRoute() {
  const userIndex = useUserIndex();
  const { mailboxId = '', threadId = '', messageId } = useParams();
  const uid = parseMessageUid(messageId);
  const env = useConversationEnv(userIndex, {
    mailboxId,
    threadId,
    messageId: uid ?? 0,
    messageHref: (thread, id) => tabHrefs.thread(userIndex, mailboxId, thread, id),
    listHref: folderHref(userIndex, mailboxId),
    showBack: false,
    inTab: true,
  });

  if (uid === null) return <Navigate to={env.listHref} replace />;
  return <ConversationView key={`${mailboxId}/${threadId}/${uid}`} env={env} />;
}
