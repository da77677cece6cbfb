import { useScheduledSentNotice } from '../../compose/api/scheduled-notice';
import { useEventStream } from '../hooks/use-event-stream';
import { useNewMailNotifications } from '../hooks/use-new-mail-notifications';
import { useUnreadBadge } from '../hooks/use-unread-badge';

/**
 * The live side of a signed-in user's pages, mounted once by the base layout: the event stream (its events in the
 * caches, its state in the snackbar), the Inbox's unread count in the title and on the favicon, and the desktop
 * notifications for new mail, the notice when a scheduled message left. Renders nothing.
 */
export function LiveEvents({ userIndex }: { userIndex: number }) {
  const notifyNewMail = useNewMailNotifications(userIndex);
  const scheduledSent = useScheduledSentNotice();
  useEventStream(userIndex, { onNewMessages: notifyNewMail, onScheduledSent: scheduledSent });
  useUnreadBadge(userIndex);
  return null;
}
