import type { MessageDetail } from '@webmail/contracts';
import { useEffect, useRef } from 'react';
import { useConnectivity } from '../../../shared/network/use-connectivity';
import type { useUpdateMessageFlags } from '../../messages/api/update-message-flags';

/**
 * Opening an unseen message marks it seen, once per opened message (reading a message marks it read). Only as it
 * opens: marked unread later while open (here, or by another client through the live events) it stays unread.
 * Offline (a message read from the device's copy) it waits: the change would be refused, and it is made once
 * the server can be reached again while the message is still open.
 */
export function useMarkSeenOnOpen(
  message: MessageDetail | undefined,
  updateFlags: ReturnType<typeof useUpdateMessageFlags>,
): void {
  const marked = useRef<string | null>(null);
  const { mutate } = updateFlags;
  const online = useConnectivity() === 'online';
  useEffect(() => {
    if (!message || !online) return;
    const key = `${message.mailbox}/${message.id}`;
    if (marked.current === key) return;
    marked.current = key;
    if (!message.seen) mutate({ messageId: message.id, patch: { seen: true } });
  }, [message, mutate, online]);
}
