import { Navigate, useParams } from 'react-router';
import { folderHref } from '../../shared/routing/mail-hrefs';
import { MessageSourceView } from '../../features/reading/components/message-source-view';
import { useUserIndex } from '../../shared/session/use-user-index';
import { parseMessageUid } from './parse-message-uid';

/** Route MailboxSource (/u/:userIndex/tab/:mailboxId/messages/:messageId/source). */
export function MailboxSourceRoute() {
  const userIndex = useUserIndex();
  const { mailboxId = '', messageId } = useParams();
  const uid = parseMessageUid(messageId);
  if (uid === null) return <Navigate to={folderHref(userIndex, mailboxId)} replace />;
  return <MessageSourceView userIndex={userIndex} mailboxId={mailboxId} messageId={uid} />;
}
