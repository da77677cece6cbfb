import { Navigate, useParams, useSearchParams } from 'react-router';
import { searchHref, searchMessageHref } from '../../shared/routing/mail-hrefs';
import { ConversationView } from '../../features/reading/components/conversation-view';
import { useSideBySide } from '../../features/messages/hooks/use-side-by-side';
import { useListPreferences } from '../../features/settings/api/get-user-details';
import { useUserIndex } from '../../shared/session/use-user-index';
import { parseMessageUid } from './parse-message-uid';
import { useConversationEnv } from './use-conversation-env';

/**
 * Route MailboxSearchThread (/u/:userIndex/search/:mailboxId/:threadId/:messageId?search=…): a result opened from
 * a search. The search stays in the address, so the way back (and the neighbours) lead to the same results.
 */
export function MailboxSearchThreadRoute() {
  const userIndex = useUserIndex();
  const { mailboxId = '', threadId = '', messageId } = useParams();
  const [params] = useSearchParams();
  const search = params.get('search') ?? '';
  const sideBySide = useSideBySide(useListPreferences(userIndex).viewMode);
  const uid = parseMessageUid(messageId);
  const env = useConversationEnv(userIndex, {
    mailboxId,
    threadId,
    messageId: uid ?? 0,
    messageHref: (thread, id) => searchMessageHref(userIndex, search, mailboxId, thread, id),
    listHref: searchHref(userIndex, search),
    showBack: !sideBySide,
    inTab: false,
  });

  if (uid === null) return <Navigate to={env.listHref} replace />;
  return <ConversationView key={`${mailboxId}/${threadId}/${uid}`} env={env} />;
}
