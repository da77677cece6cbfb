import { Navigate, useParams, useSearchParams } from 'react-router';
import { folderHref } from '../../shared/routing/mail-hrefs';
import { MessagePrintView, ThreadPrintView } from '../../features/reading/components/print-views';
import { useUserIndex } from '../../shared/session/use-user-index';
import { parseMessageUid } from './parse-message-uid';

/** Route MailboxPrint (/u/:userIndex/tab/:mailboxId/messages/:messageId/print): one message, printed. */
export function MailboxPrintRoute() {
  const userIndex = useUserIndex();
  const { mailboxId = '', messageId } = useParams();
  const uid = parseMessageUid(messageId);
  if (uid === null) return <Navigate to={folderHref(userIndex, mailboxId)} replace />;
  return <MessagePrintView userIndex={userIndex} mailboxId={mailboxId} messageId={uid} />;
}

/**
 * Route MailboxThreadPrint (/u/:userIndex/tab/:mailboxId/:threadId/print): the conversation, printed. The
 * address names the thread alone; the conversation view's link adds `?messageId=` (the message it was opened at),
 * which saves the server looking through the folder for one of the thread's messages.
 */
export function MailboxThreadPrintRoute() {
  const userIndex = useUserIndex();
  const { mailboxId = '', threadId = '' } = useParams();
  const [search] = useSearchParams();
  const uid = parseMessageUid(search.get('messageId') ?? undefined) ?? undefined;
  return <ThreadPrintView userIndex={userIndex} mailboxId={mailboxId} threadId={threadId} messageId={uid} />;
}
