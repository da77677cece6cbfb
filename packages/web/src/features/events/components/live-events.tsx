import { useScheduledSentNotice } from '../../compose/api/scheduled-notice';
import { useEventStream } from '../hooks/use-event-stream';
import { useLiveMailFallback } from '../hooks/use-live-mail-fallback';
import { useNewMailNotifications } from '../hooks/use-new-mail-notifications';
import { useUnreadBadge } from '../hooks/use-unread-badge';

/**
 * The live side of a signed-in user's pages, mounted once by the base layout: the event stream (its events in the
 * caches, its state in the snackbar), the Inbox's unread count in the title and on the favicon, and the desktop
 * notifications for new mail, the notice when a scheduled message left, and the notice and refresh while live mail
 * is off. Renders nothing.
 */
export function LiveEvents({ userIndex }: { userIndex: number }) {
  const notifyNewMail = useNewMailNotifications(userIndex);
  const scheduledSent = useScheduledSentNotice();
  const onLiveMail = useLiveMailFallback(userIndex);
  useEventStream(userIndex, { onNewMessages: notifyNewMail, onScheduledSent: scheduledSent, onLiveMail });
  useUnreadBadge(userIndex);
  return null;
}
