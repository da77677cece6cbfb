import { useQueryClient } from '@tanstack/react-query';
import type { MessageSummary } from '@webmail/contracts';
import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { useTranslation } from '../../../shared/i18n/translation';
import { messageHref } from '../../../shared/routing/mail-hrefs';
import { cachedTree, specialUseFolderId } from '../../mailboxes/api/mailboxes.cache';
import { notificationPermission, notificationsEnabled } from '../lib/notification-preference';

/** Lines of the notification's body: the first few new messages, newest first. */
const shownLines = 3;

/**
 * A desktop notification for each batch of new unread mail in the Inbox (one EXISTS event), when the user turned
 * them on and the tab is hidden (in view, the list shows it). Clicking it brings the tab forward and opens the
 * newest message. Every tab of the user gets the same event: the tag names the message, so the system shows one.
 */
export function useNewMailNotifications(userIndex: number) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const { t } = useTranslation('events');

  return useCallback(
    (mailboxId: string, messages: readonly MessageSummary[]) => {
      if (!document.hidden || !notificationsEnabled(userIndex)) return;
      if (notificationPermission() !== 'granted') return;
      if (mailboxId !== specialUseFolderId(cachedTree(queryClient, userIndex), 'inbox')) return;
      const unread = messages.filter((message) => !message.seen);
      const newest = unread[0];
      if (!newest) return;
      const body = unread
        .slice(0, shownLines)
        .map((message) =>
          t('newMail.line', {
            sender: message.from?.name || message.from?.address || t('newMail.unknownSender'),
            subject: message.subject || t('newMail.noSubject'),
          }),
        )
        .join('\n');
      const notification = new Notification(t('newMail.title', { count: unread.length }), {
        body,
        tag: `webmail-new-mail-${userIndex}-${newest.id}`,
        icon: '/favicon.svg',
      });
      notification.onclick = () => {
        window.focus();
        void navigate(messageHref(userIndex, mailboxId, newest.thread, newest.id));
        notification.close();
      };
    },
    [navigate, queryClient, t, userIndex],
  );
}
