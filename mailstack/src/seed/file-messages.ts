import type { ImapFlow } from 'imapflow';
import type { ComposedMessage } from './compose.js';
import { addFlags, ensureMailbox, moveMessages, normaliseMessageId, uidsByMessageId } from './mailbox-ops.js';

/** Mail older than this counts as read unless the scenario says otherwise. */
const READ_AFTER_DAYS = 1.5;

/**
 * Files one account's delivered mail as its owner would have: sets \Seen and \Flagged in
 * INBOX, then MOVEs messages into their folders (MOVE keeps flags and the arrival date).
 * Messages are matched by Message-ID, which the scenario makes unique.
 */
export async function fileDeliveredMail(
  client: ImapFlow,
  account: string,
  composed: ComposedMessage[],
): Promise<void> {
  const mine = composed.filter((c) => c.localRecipients.includes(account));
  const lock = await client.getMailboxLock('INBOX');
  try {
    const uidOf = await uidsByMessageId(client);
    const seen: number[] = [];
    const flagged: number[] = [];
    const moves = new Map<string, number[]>();
    for (const item of mine) {
      const uid = uidOf.get(normaliseMessageId(item.messageId));
      if (uid === undefined) throw new Error(`seed: ${item.message.key} not found in ${account}'s INBOX`);
      const placement = item.message.placement?.[account] ?? {};
      if (placement.seen ?? item.message.daysAgo > READ_AFTER_DAYS) seen.push(uid);
      if (placement.flagged) flagged.push(uid);
      if (placement.folder && placement.folder !== 'INBOX') {
        moves.set(placement.folder, [...(moves.get(placement.folder) ?? []), uid]);
      }
    }
    await addFlags(client, seen, ['\\Seen']);
    await addFlags(client, flagged, ['\\Flagged']);
    for (const [folder, uids] of moves) {
      await ensureMailbox(client, folder);
      await moveMessages(client, uids, folder);
    }
  } finally {
    lock.release();
  }
}
