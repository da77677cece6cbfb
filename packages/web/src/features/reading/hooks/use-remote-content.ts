import { useQueryClient } from '@tanstack/react-query';
import type { MessageDetail } from '@webmail/contracts';
import { useState } from 'react';
import { useShowRemoteContent } from '../../messages/api/get-message';
import { messagesKeys } from '../../messages/api/messages.keys';

/**
 * What "always from this sender" needs from the external-content settings (another feature): the route passes
 * it in, as it passes the folder counts, so this feature never learns the settings feature's keys.
 */
export interface RemoteContentEffects {
  /** Adds the address to the per-sender allow list (POST …/settings/externalContent/senders). */
  allowSender: (address: string) => Promise<unknown>;
}

/** Whether the bar is offered: content was held back and the user's mode is `ask` (never with `never`). */
export function remoteContentHeldBack(message: MessageDetail): boolean {
  const state = message.remoteContent ?? (message.remoteContentBlocked ? 'blocked' : 'none');
  return state === 'blocked' && message.externalContentMode !== 'never';
}

/**
 * The bar's two answers. Show once: the message again with `?remoteContent=show`. Always: the sender goes on the
 * allow list, then the message is read again — the server now shows its content (and every message of the
 * sender: their cached details are stale too).
 */
export function useRemoteContent(userIndex: number, message: MessageDetail, effects: RemoteContentEffects) {
  const queryClient = useQueryClient();
  const showOnce = useShowRemoteContent(userIndex, message.mailbox, message.id);
  const [allowing, setAllowing] = useState(false);
  const sender = message.from?.address || null;

  const alwaysFromSender = async () => {
    if (!sender) return;
    setAllowing(true);
    try {
      await effects.allowSender(sender);
      await queryClient.invalidateQueries({ queryKey: messagesKeys.details(userIndex) });
    } catch {
      // The request-error snackbar has said what failed; the bar stays for another try.
    } finally {
      setAllowing(false);
    }
  };

  return {
    sender,
    busy: showOnce.isPending || allowing,
    showOnce: () => showOnce.mutate(),
    alwaysFromSender: () => void alwaysFromSender(),
  };
}
