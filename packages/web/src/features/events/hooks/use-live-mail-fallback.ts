import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef } from 'react';
import { useTranslation } from '../../../shared/i18n/translation';
import { useSnackbar } from '../../../shared/snackbar/use-snackbar';
import { mailboxesKeys } from '../../mailboxes/api/mailboxes.keys';
import { messagesKeys } from '../../messages/api/messages.keys';

/** The key of the live-mail notice (one per user index). */
export const liveMailNoticeKey = (userIndex: number) => `live-mail-${userIndex}`;

/**
 * While the server says live mail is off for this stream (its watch of the mailbox is refused, failed or away),
 * a notice says so and the open folder's list and the folder counts are read again every `pollSeconds`, so new
 * mail still shows up, later. "On" again (or a stream that opens, which assumes it) ends both. Returns what the
 * stream hook calls with each change.
 */
export function useLiveMailFallback(userIndex: number): (on: boolean, pollSeconds?: number) => void {
  const queryClient = useQueryClient();
  const snackbar = useSnackbar();
  const { t } = useTranslation('events');
  const timer = useRef<ReturnType<typeof setInterval> | null>(null);
  const key = liveMailNoticeKey(userIndex);

  const refresh = useCallback(() => {
    // Only what is on screen is read (active queries): the open folder's list and the folder tree's counts.
    void queryClient.invalidateQueries({ queryKey: messagesKeys.lists(userIndex) });
    void queryClient.invalidateQueries({ queryKey: mailboxesKeys.tree(userIndex) });
  }, [queryClient, userIndex]);

  const stop = useCallback(() => {
    if (timer.current !== null) clearInterval(timer.current);
    timer.current = null;
  }, []);

  useEffect(
    () => () => {
      stop();
      snackbar.close(key);
    },
    [key, snackbar, stop],
  );

  return useCallback(
    (on: boolean, pollSeconds?: number) => {
      if (on) {
        if (timer.current === null) return;
        stop();
        snackbar.close(key);
        refresh();
        return;
      }
      if (!pollSeconds) return;
      stop();
      timer.current = setInterval(refresh, pollSeconds * 1000);
      snackbar.show({
        type: 'info',
        key,
        message: t('liveMail.off', { count: pollSeconds }),
        timeout: null,
        actions: [{ label: t('liveMail.refreshNow'), onClick: refresh }],
      });
    },
    [key, refresh, snackbar, stop, t],
  );
}
