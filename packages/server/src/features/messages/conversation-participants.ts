import { participantMessagesMax, type ConversationParticipant } from '@webmail/contracts';
import type { MessageSender } from '../../mail/imap/imap-fetch-rows.js';

/**
 * The messages whose senders name a conversation row: all of them, or of a long conversation its latest ones and
 * its first (the list's order is newest first: the first message is the last UID), so a page of conversations asks
 * for at most `participantMessagesMax` envelopes per row.
 */
export function participantUids(uids: readonly number[]): number[] {
  if (uids.length <= participantMessagesMax) return [...uids];
  return [...uids.slice(0, participantMessagesMax - 1), uids[uids.length - 1]!];
}

/**
 * Each sender once (by address, case-insensitive), in the order they first wrote; unread when any of their
 * messages here is; `self` when it is the signed-in user. Messages without a readable sender name nobody.
 */
export function conversationParticipants(
  uids: readonly number[],
  senders: ReadonlyMap<number, MessageSender>,
  unseen: { has(uid: number): boolean },
  selfAddress: string,
): ConversationParticipant[] {
  const self = selfAddress.toLowerCase();
  const written = uids
    .flatMap((uid, position) => {
      const sender = senders.get(uid);
      return sender?.from && (sender.from.address || sender.from.name)
        ? [{ uid, position, from: sender.from, date: sender.date }]
        : [];
    })
    // Oldest first; equal dates keep the list's order reversed (the list is newest first).
    .sort((a, b) => a.date - b.date || b.position - a.position);
  const byKey = new Map<string, ConversationParticipant>();
  for (const { uid, from } of written) {
    const address = from.address ?? '';
    const key = (address || from.name || '').toLowerCase();
    const known = byKey.get(key);
    if (known) {
      known.unseen ||= unseen.has(uid);
      if (!known.name && from.name) known.name = from.name;
      continue;
    }
    byKey.set(key, {
      name: from.name ?? '',
      address,
      unseen: unseen.has(uid),
      self: address.toLowerCase() === self,
    });
  }
  return [...byKey.values()];
}
