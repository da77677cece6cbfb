import type { MessageSummary, ThreadMessage } from '@webmail/contracts';

/** A message of a conversation is known by its folder and UID (a thread spans the folder, Inbox and Sent). */
export const conversationKey = (message: { mailbox: string; id: number }) =>
  `${message.mailbox}/${message.id}`;

/**
 * Which messages open expanded: the addressed one and the unread ones; read ones show as a summary line. A thread
 * of one message is always open.
 */
export function initiallyExpanded(messages: readonly ThreadMessage[], addressed: string): Set<string> {
  const keys = messages
    .filter((message) => messages.length === 1 || !message.seen || conversationKey(message) === addressed)
    .map(conversationKey);
  return new Set(keys);
}

/**
 * The addressed message in the conversation; a server that finds no thread for it still lists the message itself,
 * but should it not, the newest message stands in so the page is never empty.
 */
export function addressedMessage(
  messages: readonly ThreadMessage[],
  mailboxId: string,
  messageId: number,
): ThreadMessage | undefined {
  return (
    messages.find((message) => message.mailbox === mailboxId && message.id === messageId) ??
    messages[messages.length - 1]
  );
}

/** A list row as the action registry wants it (its availability rules look at `seen` and `flagged`). */
export function toActionRow(
  message: ThreadMessage,
  thread: string,
  flags: { seen: boolean; flagged: boolean },
): MessageSummary {
  return {
    id: message.id,
    mailbox: message.mailbox,
    thread,
    from: message.from,
    to: message.to,
    subject: message.subject,
    date: message.date,
    size: 0,
    seen: flags.seen,
    flagged: flags.flagged,
    answered: message.answered,
    draft: message.draft,
    hasAttachments: message.hasAttachments,
  };
}

export interface ListNeighbour {
  thread: string;
  id: number;
}

/**
 * The rows before and after the open message in the folder's list (as shown: newest first, in the chosen list
 * mode). In conversation mode the open message may be any message of a row's thread.
 */
export function listNeighbours(
  rows: readonly MessageSummary[],
  messageId: number,
): { index: number; previous: ListNeighbour | null; next: ListNeighbour | null } {
  const index = rows.findIndex(
    (row) => row.id === messageId || (row.conversation?.uids.includes(messageId) ?? false),
  );
  const at = (position: number): ListNeighbour | null => {
    const row = index === -1 ? undefined : rows[position];
    return row ? { thread: row.thread, id: row.id } : null;
  };
  return { index, previous: at(index - 1), next: at(index + 1) };
}
