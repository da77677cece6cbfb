import type { MessageDetail } from '@webmail/contracts';
import { useEffect, useRef } from 'react';
import { useConnectivity } from '../../../shared/network/use-connectivity';
import type { useUpdateMessageFlags } from '../../messages/api/update-message-flags';

/**
 * Opening an unseen message marks it seen, once per opened message (reading a message marks it read). Offline
 * (a message read from the device's copy) it waits: the change would be refused, and it is made once the
 * server can be reached again while the message is still open.
 */
export function useMarkSeenOnOpen(
  message: MessageDetail | undefined,
  updateFlags: ReturnType<typeof useUpdateMessageFlags>,
): void {
  const marked = useRef<string | null>(null);
  const { mutate } = updateFlags;
  const online = useConnectivity() === 'online';
  useEffect(() => {
    if (!message || message.seen || !online) return;
    const key = `${message.mailbox}/${message.id}`;
    if (marked.current === key) return;
    marked.current = key;
    mutate({ messageId: message.id, patch: { seen: true } });
  }, [message, mutate, online]);
}
